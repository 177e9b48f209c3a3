import { describe, expect, it } from 'vitest';
import { TRUST_NOBODY, clientAddress, clientKey, parseTrustProxy } from './client';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:ffff:ffff:ffff:ffff', '2001:db8:0:0::/64'],
    ['2001:DB8:0000:0000::abcd', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    [undefined, 'local'],
    ['', 'local'],
  ])('counts %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  // Issue 28 (f): `::1` and `127.0.0.1` were two clients, so one machine had two sets of limits.
  it("counts every way of writing this machine's loopback address as one client", () => {
    for (const address of ['127.0.0.1', '::1', '0:0:0:0:0:0:0:1', '0::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(clientKey(address), address).toBe('127.0.0.1');
    expect(clientKey('::')).not.toBe('127.0.0.1');
    expect(clientKey('::2')).not.toBe('127.0.0.1');
  });

  it('counts two addresses of one /64 as one client, and of two /64s as two', () => {
    expect(clientKey('2001:db8:a:b::1')).toBe(clientKey('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:a:b::1')).not.toBe(clientKey('2001:db8:a:c::1'));
  });
});

describe('TRUST_PROXY', () => {
  it('trusts the listed addresses and ranges, IPv4-mapped forms included, and nothing else', () => {
    const trust = parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8');
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.9.8.7', 'fd12::1'].map((a) => trust.trusts(a))).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '11.0.0.1', '::1', 'fe80::1', '', undefined].map((a) => trust.trusts(a))).toEqual([false, false, false, false, false, false]);
  });

  it('trusts nobody when unset or empty', () => {
    for (const setting of [undefined, '', ' , ']) expect(parseTrustProxy(setting).trusts('127.0.0.1')).toBe(false);
  });

  it('refuses a malformed entry instead of guessing', () => {
    for (const setting of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '127.0.0.1/', '1.2.3', 'fd00::/129', '10.0.0.0/x']) {
      expect(() => parseTrustProxy(setting), setting).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('clientAddress', () => {
  const proxy = parseTrustProxy('127.0.0.1, 10.0.0.0/8');

  it('ignores X-Forwarded-For from a peer that is not a listed proxy: a client cannot pick its own address', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.1', proxy)).toBe('198.51.100.4');
    expect(clientAddress('127.0.0.1', '203.0.113.1', TRUST_NOBODY)).toBe('127.0.0.1');
  });

  it('takes the right-most hop that is not a listed proxy, whatever the client wrote further left', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.1', proxy)).toBe('203.0.113.1');
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.1, 10.0.0.5', proxy)).toBe('203.0.113.1');
    expect(clientAddress('127.0.0.1', 'garbage, 203.0.113.1', proxy)).toBe('203.0.113.1');
  });

  it('keeps the peer when a listed proxy sends no usable header', () => {
    expect(clientAddress('127.0.0.1', undefined, proxy)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'unknown', proxy)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '10.0.0.1, 10.0.0.2', proxy)).toBe('127.0.0.1');
  });
});
