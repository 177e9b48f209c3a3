import { describe, expect, it } from 'vitest';
import { TRUST_NOBODY, clientAddress, clientKey, forwardedAddress, parseTrustProxy } from './client';

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

  // `::1` and `127.0.0.1` were once two clients, so one machine had two sets of limits.
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
    expect(clientAddress('127.0.0.1', '', proxy)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'unknown', proxy)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '203.0.113.1, ', proxy)).toBe('127.0.0.1');
  });

  // A proxy writing `addr:port` once made every client the proxy itself, one client for all.
  it('reads the address out of hops with ports, IPv6 brackets and spaces', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7:4711', proxy)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:443', proxy)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', ' [2001:db8::1] ', proxy)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', '198.51.100.9 ,  203.0.113.7:4711 , 10.0.0.5:80', proxy)).toBe('203.0.113.7');
    // A listed proxy written with a port, as IPv4-mapped IPv6 in brackets, is still the proxy.
    expect(clientAddress('127.0.0.1', '203.0.113.8:1, [::ffff:10.0.0.5]:80', proxy)).toBe('203.0.113.8');
  });

  it('falls back to the address that handed on a hop it cannot read, not to the proxy in front', () => {
    // A client inside the proxies' range wrote garbage; the hop a proxy wrote for it is the client.
    expect(clientAddress('127.0.0.1', 'garbage, 10.0.0.7', proxy)).toBe('10.0.0.7');
    expect(clientAddress('127.0.0.1', '203.0.113.1:99999, 10.0.0.7:80', proxy)).toBe('10.0.0.7');
    expect(clientAddress('127.0.0.1', '10.0.0.1, 10.0.0.2', proxy)).toBe('10.0.0.1');
    expect(clientKey(clientAddress('127.0.0.1', 'garbage, 10.0.0.7', proxy))).not.toBe(clientKey(clientAddress('127.0.0.1', 'garbage, 10.0.0.8', proxy)));
  });
});

describe('forwardedAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:4711', '203.0.113.7'],
    ['  203.0.113.7:80\t', '203.0.113.7'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    [' [2001:DB8::1]:443 ', '2001:DB8::1'],
    ['[fe80::1%eth0]:8080', 'fe80::1%eth0'],
    ['::ffff:203.0.113.9', '::ffff:203.0.113.9'],
  ])('reads %j as %s', (entry, address) => {
    expect(forwardedAddress(entry)).toBe(address);
  });

  it.each([
    '',
    ' ',
    'unknown',
    'example.com',
    'example.com:80',
    '203.0.113.7:',
    '203.0.113.7:65536',
    '203.0.113.7:-1',
    '[203.0.113.7]',
    '[2001:db8::1',
    '2001:db8::1]:443',
    '[2001:db8::1]:x',
    '[]',
    '203.0.113.7 203.0.113.8',
    '_hidden',
    '"[2001:db8::1]"',
  ])('reads no address in %j', (entry) => {
    expect(forwardedAddress(entry)).toBeUndefined();
  });
});
