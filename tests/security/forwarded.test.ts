/**
 * Behind a trusted proxy that wrote `X-Forwarded-For: addr:port`, the server could not
 * read the hop and counted the request under the proxy's own address, so every client was one client:
 * after one client's 20 bad seals, another got 429. Each test plays the proxy (127.0.0.1, listed in
 * TRUST_PROXY) writing the header in one of the forms proxies use, for two clients: the first sends
 * bad seals until it is refused, the second must still be answered.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../server/client';
import { useApiServer } from '../fixtures/api-server';
import { form, newPage, seal } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const OTHER_PUBLIC = readFileSync('server/dev-keys/public.pem', 'utf8');
const LIMIT = 5;

/** A sealed POST to /api/health from 127.0.0.1 (the proxy) with the X-Forwarded-For it wrote: the status. */
function viaProxy(base: string, forwardedFor: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwardedFor };
    const req = request(`${base}/api/health`, { method: 'POST', localAddress: '127.0.0.1', agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Well-shaped params under a key wrapped for another server: it does not open, and counts as a failure. */
const badSeal = () => form({ params: randomBytes(64).toString('base64'), encSecKey: newPage(OTHER_PUBLIC).encSecKey });
const goodSeal = () => form(seal({}, PUBLIC, { path: '/api/health' }));

describe('clients behind a proxy that writes X-Forwarded-For its own way', () => {
  const api = useApiServer('forwarded-', { trustProxy: parseTrustProxy('127.0.0.1, 10.0.0.0/8'), opener: { failureLimit: LIMIT } });

  it.each([
    ['an IPv4 address with a port', '203.0.113.7:4711', '203.0.113.8:4711'],
    ['IPv6 in brackets with a port', '[2001:db8:1::7]:443', '[2001:db8:2::7]:443'],
    ['IPv6 in brackets', '[2001:db8:3::7]', '[2001:db8:4::7]'],
    ['a chain with spaces and ports', ' 192.0.2.1 ,  198.51.100.7:80 ', ' 192.0.2.1 ,  198.51.100.8:80 '],
    // A hop it cannot read: the client is the address that handed it on, not the proxy in front.
    ['garbage from clients inside the listed range', 'garbage, 10.0.0.7', 'garbage, 10.0.0.8'],
  ])("%s: one client's bad seals lock out that client only", async (_form, offender, bystander) => {
    const offences = [];
    for (let i = 0; i <= LIMIT; i++) offences.push(await viaProxy(api.base, offender, badSeal()));
    expect(offences).toEqual([...Array(LIMIT).fill(400), 429]);
    expect(await viaProxy(api.base, bystander, goodSeal())).toBe(200);
  });
});
