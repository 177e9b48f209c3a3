import { describe, expect, it } from 'vitest';
import { clientKey, readsOwnBody } from './http-limits';

describe('clientKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('counts two addresses of one /64 as one client, and of two /64s as two', () => {
    expect(clientKey('2001:db8:a:b::1')).toBe(clientKey('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:a:b::1')).not.toBe(clientKey('2001:db8:a:c::1'));
  });
});

describe('readsOwnBody', () => {
  it('is true for uploads only', () => {
    expect(readsOwnBody('POST', '/api/upload')).toBe(true);
    expect(readsOwnBody('POST', '/api/upload/')).toBe(true);
    expect(readsOwnBody('GET', '/api/upload/abc')).toBe(false);
    expect(readsOwnBody('POST', '/api/uploads')).toBe(false);
    expect(readsOwnBody('POST', '/api/track')).toBe(false);
  });
});
