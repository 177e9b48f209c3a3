/**
 * `npm start`'s development routes mint a session for any uid and set any balance,
 * and answered whatever a browser could be made to send them. A web page the developer visits could
 * post `{"uid":"10001"}` as `text/plain` (a "simple request": no CORS preflight, so the server acts
 * before the browser hides the answer); a DNS-rebinding name (attacker.example resolving to 127.0.0.1
 * after the page loaded) made the page same-origin with the server, answer included; and a proxy that
 * adds no forwarding header was let through. Now a development route takes JSON only, answers only
 * at a loopback name, and refuses any Origin but the server's own. A release server has no such
 * routes at all (release.test.ts), and a forwarded request is still refused (404).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';

const api = useApiServer('dev-doors-');
const port = () => new URL(api.base).port;

interface Answer {
  status: number;
  body: { code: unknown; message?: string; data?: Record<string, unknown> };
}

/**
 * A request as a browser sends it (Host and Origin are forbidden headers to fetch, so a raw request),
 * to `url`, or through a server that only relays.
 */
function send(
  url: string,
  { method = 'POST', body = '', headers = {} }: { method?: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers: { 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SIGN_IN = JSON.stringify({ uid: '10001' });
const JSON_TYPE = 'application/json';
const minted = (answer: Answer) => JSON.stringify(answer.body).includes('app_sessionid');

const NOT_JSON = { code: 'notJson', message: 'Development routes take a JSON body (Content-Type: application/json) only.' };
const NOT_LOOPBACK = { code: 'notLoopbackHost', message: 'Development routes answer only at localhost, 127.0.0.1 or [::1].' };
const OTHER_ORIGIN = { code: 'otherOrigin', message: 'Development routes answer only pages of this server.' };

describe('a cross-site page the developer visits', () => {
  it('cannot mint a session with a text/plain post, which needs no preflight', async () => {
    const answer = await send(`${api.base}/api/dev/session`, {
      body: SIGN_IN,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://attacker.example' },
    });
    expect(answer).toEqual({ status: 403, body: OTHER_ORIGIN });
  });

  it('cannot set a balance with a JSON post either: its Origin is not the server', async () => {
    const answer = await send(`${api.base}/api/dev/coins`, {
      body: JSON.stringify({ uid: '10001', balance: 999_999 }),
      headers: { 'content-type': JSON_TYPE, origin: 'https://attacker.example' },
    });
    expect(answer).toEqual({ status: 403, body: OTHER_ORIGIN });
    expect((await api.call('/api/coins/balance', {}, '10001')).body.data.balance).toBe(6870);
  });

  it('nor from another server on this machine, nor from an opaque origin (sandboxed frame, file:)', async () => {
    for (const origin of ['http://localhost:3000', `https://127.0.0.1:${port()}`, 'null']) {
      const answer = await send(`${api.base}/api/dev/session`, { body: SIGN_IN, headers: { 'content-type': JSON_TYPE, origin } });
      expect(answer, origin).toEqual({ status: 403, body: OTHER_ORIGIN });
    }
  });

  it('cannot get a body past the JSON check by leaving out Origin: every other type is refused', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json', 'application/jsonp']) {
      const answer = await send(`${api.base}/api/dev/session`, { body: SIGN_IN, headers: { 'content-type': type } });
      expect(answer, type).toEqual({ status: 415, body: NOT_JSON });
    }
    expect(await send(`${api.base}/api/dev/session`, { body: SIGN_IN })).toEqual({ status: 415, body: NOT_JSON });
  });
});

describe('a DNS-rebinding name', () => {
  it('cannot mint a session: the page is same-origin with itself, but its Host is not a loopback name', async () => {
    for (const host of [`attacker.example:${port()}`, `localhost.attacker.example:${port()}`, `127.0.0.1.nip.io:${port()}`, 'attacker.example']) {
      const answer = await send(`${api.base}/api/dev/session`, {
        body: SIGN_IN,
        headers: { host, origin: `http://${host}`, 'content-type': JSON_TYPE },
      });
      expect(answer, host).toEqual({ status: 403, body: NOT_LOOPBACK });
      expect(minted(answer)).toBe(false);
    }
  });

  it('cannot read what the development routes keep, with a GET either', async () => {
    for (const path of ['/api/dev/track-events?uid=10001', '/api/dev/bridge-reports']) {
      const answer = await send(`${api.base}${path}`, { method: 'GET', headers: { host: `attacker.example:${port()}` } });
      expect(answer, path).toEqual({ status: 403, body: NOT_LOOPBACK });
    }
  });
});

describe('a proxy that adds no forwarding header', () => {
  let proxy: Server;
  let base = '';
  // It relays the request as it came, the public name in Host included (nginx's `proxy_set_header Host $host`).
  beforeAll(async () => {
    proxy = createServer((incoming: IncomingMessage, outgoing) => {
      const upstream = request(`${api.base}${incoming.url}`, { method: incoming.method, headers: incoming.headers, agent: false }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('cannot pass on a request for its public name', async () => {
    const answer = await send(`${base}/api/dev/session`, { body: SIGN_IN, headers: { host: 'h5.example.com', 'content-type': JSON_TYPE } });
    expect(answer).toEqual({ status: 403, body: NOT_LOOPBACK });
  });
});

describe('the developer, the simulator and the tests on this machine', () => {
  it('still sign in at every loopback name, with no Origin (scripts, tests) or the page’s own', async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, `LOCALHOST:${port()}`]) {
      for (const origin of [undefined, `http://${host.toLowerCase()}`]) {
        const headers: Record<string, string> = { host, 'content-type': 'application/json; charset=utf-8', ...(origin ? { origin } : {}) };
        const answer = await send(`${api.base}/api/dev/session`, { body: SIGN_IN, headers });
        expect(answer.status, `${host} ${origin}`).toBe(200);
        expect(minted(answer)).toBe(true);
      }
    }
  });

  it('still read with a GET', async () => {
    expect((await send(`${api.base}/api/dev/bridge-reports`, { method: 'GET', headers: { host: `localhost:${port()}` } })).status).toBe(200);
  });

  it('are still refused when a proxy forwarded the request, loopback name or not (404, as before)', async () => {
    const answer = await send(`${api.base}/api/dev/session`, {
      body: SIGN_IN,
      headers: { host: `localhost:${port()}`, 'content-type': JSON_TYPE, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(answer.status).toBe(404);
    expect(minted(answer)).toBe(false);
  });
});
