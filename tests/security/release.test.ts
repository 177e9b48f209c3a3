/**
 * The development door: `/api/dev/*` mints any user's session and sets any balance, guarded
 * only by "the connection comes from loopback", and it was mounted in every start. Behind a same-host
 * proxy every client is loopback: through a 10-line proxy, `POST /api/dev/session {"uid":"10001"}`
 * returned a live session for 10001, and one client's 20 bad seals got every other user 429. Now a
 * release start has no development routes at all, refuses to start unsafely, and a client is whom a
 * listed proxy names (TRUST_PROXY), never whom a request claims to be.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/api/sessions';
import { parseTrustProxy } from '../../server/client';
import { ConfigError, serverConfig } from '../../server/config';
import { useApiServer } from '../fixtures/api-server';
import { form, newPage, seal } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const OTHER_PUBLIC = readFileSync('server/dev-keys/public.pem', 'utf8');

interface Answer {
  status: number;
  text: string;
}

/** A raw request from `localAddress`, with extra headers (what a client or a proxy writes). */
function send(
  url: string,
  { method = 'POST', body = '', headers = {}, localAddress }: { method?: string; body?: string; headers?: Record<string, string>; localAddress?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, localAddress, agent: false, headers: { 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The attacker's proxy, as nginx would be configured in front of the server on the same host: it
 * forwards every request from 127.0.0.1 and appends the client's address to X-Forwarded-For.
 */
function useProxy(target: () => string) {
  let server: Server;
  const proxy = { base: '' };
  beforeAll(async () => {
    server = createServer((incoming: IncomingMessage, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const headers = { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress!.replace(/^::ffff:/, '') };
        const upstream = request(`${target()}${incoming.url}`, { method: incoming.method, headers, localAddress: '127.0.0.1', agent: false }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        });
        upstream.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return proxy;
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const sealed = (body: string) => ({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
/** Well-shaped params under a key wrapped for another server: it fails to open, after one RSA step. */
const badSeal = () => form({ params: randomBytes(64).toString('base64'), encSecKey: newPage(OTHER_PUBLIC).encSecKey });

describe('a release server', () => {
  const api = useApiServer('release-', { mode: 'release' });

  it('has no development routes: minting a session or setting a balance answers 404', async () => {
    for (const [path, body] of [
      ['/api/dev/session', { uid: '10001' }],
      ['/api/dev/coins/balance', { uid: '10001', balance: 999_999 }],
      ['/api/dev/export-code', { uid: '10001' }],
      ['/api/dev/bridge-report', { kit: 'bridge-check' }],
      // Charging someone's auto-renewal is the provider's billing run, never a caller's.
      ['/api/dev/renewals', { uid: '10002', outcome: 'paid' }],
    ] as const) {
      const answer = await send(`${api.base}${path}`, json(body));
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toMatch(/app_sessionid/);
    }
  });

  it('has no host simulator', async () => {
    expect((await send(`${api.base}/__host/`, { method: 'GET' })).status).toBe(404);
  });

  it('still serves the API to a user whose session the account service issued', async () => {
    const { app_sessionid } = issueSession(api.db, 'rel-1', Date.now());
    const answer = await send(`${api.base}/api/session`, sealed(form(seal({}, PUBLIC, { path: '/api/session', uid: 'rel-1', app_sessionid }))));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data.uid).toBe('rel-1');
  });
});

describe('npm run start:release refuses to start unsafely', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'release-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const release = (env: Record<string, string>) => () => serverConfig({ SERVER_MODE: 'release', ...env });
  /** A fresh production pair, and a dist/ whose seal chunk carries its public half (as build:release makes). */
  const production = (builtForIt: boolean) => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const file = join(dir, `key-${randomBytes(4).toString('hex')}.pem`);
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const dist = join(dir, `dist-${randomBytes(4).toString('hex')}`);
    mkdirSync(join(dist, '_astro'), { recursive: true });
    const pem = (builtForIt ? publicKey : generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey).export({ format: 'pem', type: 'spki' }).toString();
    writeFileSync(join(dist, '_astro', 'seal.abc.js'), `const k=${JSON.stringify(pem)};export{k};`);
    return { PRIVATE_RSA_KEY_FILE: file, DIST_DIR: dist };
  };

  it('without PRIVATE_RSA_KEY_FILE', () => {
    expect(release({})).toThrow(ConfigError);
    expect(release({})).toThrow(/PRIVATE_RSA_KEY_FILE is not set/);
  });

  it("with the development key or the tests' key, whose private halves are in the repository", () => {
    expect(release({ PRIVATE_RSA_KEY_FILE: 'server/dev-keys/private.pem' })).toThrow(/development key.*in this repository/);
    expect(release({ PRIVATE_RSA_KEY_FILE: 'tests/fixtures/keys/private.pem' })).toThrow(/tests' key.*in this repository/);
  });

  it('with a file that is not a private key', () => {
    expect(release({ PRIVATE_RSA_KEY_FILE: 'server/dev-keys/public.pem' })).toThrow(/not a readable PEM private key/);
    expect(release({ PRIVATE_RSA_KEY_FILE: join(dir, 'missing.pem') })).toThrow(/not a readable PEM private key/);
  });

  it('with pages built for another key (every request would fail to open)', () => {
    expect(release(production(false))).toThrow(/not built for this key/);
  });

  it('with a malformed TRUST_PROXY', () => {
    expect(release({ ...production(true), TRUST_PROXY: 'localhost' })).toThrow(/TRUST_PROXY/);
  });

  it('and starts with a production key its pages were built for', () => {
    const config = release({ ...production(true), TRUST_PROXY: '127.0.0.1' })();
    expect(config.mode).toBe('release');
    expect(config.trustProxy.trusts('127.0.0.1')).toBe(true);
  });

  it('while `npm start` stays the development server', () => {
    expect(serverConfig({}).mode).toBe('development');
  });
});

describe('a development server behind a proxy', () => {
  const api = useApiServer('proxied-dev-');
  const proxy = useProxy(() => api.base);

  it('refuses the development routes to a forwarded request, though it arrives from loopback', async () => {
    const answer = await send(`${proxy.base}/api/dev/session`, json({ uid: '10001' }));
    expect(answer.status).toBe(404);
    expect(answer.text).not.toMatch(/app_sessionid/);
    // The same request from this machine itself still works: that is what development is.
    expect((await send(`${api.base}/api/dev/session`, json({ uid: '10001' }))).status).toBe(200);
  });
});

describe('clients behind a proxy', () => {
  const LIMIT = 5;

  describe('with TRUST_PROXY naming the proxy', () => {
    const api = useApiServer('trusted-proxy-', { trustProxy: parseTrustProxy('127.0.0.1'), opener: { failureLimit: LIMIT } });
    const proxy = useProxy(() => api.base);

    it("one client's bad seals lock out that client only", async () => {
      for (let i = 0; i < LIMIT; i++) expect((await send(`${proxy.base}/api/health`, { ...sealed(badSeal()), localAddress: '127.0.0.2' })).status).toBe(400);
      expect((await send(`${proxy.base}/api/health`, { ...sealed(badSeal()), localAddress: '127.0.0.2' })).status).toBe(429);
      const session = await api.session('bystander');
      const answer = await send(`${proxy.base}/api/session`, {
        ...sealed(form(seal({}, PUBLIC, { path: '/api/session', uid: 'bystander', app_sessionid: session }))),
        localAddress: '127.0.0.3',
      });
      expect(answer.status).toBe(200);
    });

    it('a client that writes its own X-Forwarded-For is still counted by the address the proxy saw', async () => {
      for (let i = 0; i < LIMIT; i++) {
        const spoofed = { ...sealed(badSeal()), localAddress: '127.0.0.4' };
        spoofed.headers = { ...spoofed.headers, 'x-forwarded-for': `203.0.113.${i}` } as typeof spoofed.headers;
        await send(`${proxy.base}/api/health`, spoofed);
      }
      expect((await send(`${proxy.base}/api/health`, { ...sealed(badSeal()), localAddress: '127.0.0.4' })).status).toBe(429);
    });
  });

  describe('without TRUST_PROXY', () => {
    const api = useApiServer('untrusted-proxy-', { opener: { failureLimit: LIMIT } });

    it('a forwarded header is ignored: a client cannot dodge its limit by naming other addresses', async () => {
      for (let i = 0; i < LIMIT; i++) {
        const answer = await send(`${api.base}/api/health`, {
          body: badSeal(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i}` },
          localAddress: '127.0.0.5',
        });
        expect(answer.status).toBe(400);
      }
      const answer = await send(`${api.base}/api/health`, {
        body: badSeal(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.99' },
        localAddress: '127.0.0.5',
      });
      expect(answer.status).toBe(429);
    });
  });
});

// Without frame-ancestors and X-Frame-Options, any site could frame a page (a payment
// button under a decoy). Release: no frame at all; development: only the simulator's own origin.
describe('framing', () => {
  describe('a release server', () => {
    const api = useApiServer('frames-release-', { mode: 'release' });
    it('forbids every frame of every page, the styled 404 included, and names only its origin to what a page loads', async () => {
      // The server's root is the test's data directory: a page and a 404 page of its own.
      writeFileSync(join(api.dataDir, 'vip-center.html'), '<!doctype html><title>VIP</title>');
      writeFileSync(join(api.dataDir, '404.html'), '<!doctype html><title>Not found</title>');
      for (const path of ['/vip-center', '/no-such-page']) {
        const response = await fetch(`${api.base}${path}`);
        expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
        expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
        // The session the host put in the page's query must not reach a Referer.
        expect(response.headers.get('referrer-policy'), path).toBe('strict-origin');
      }
    });
  });

  describe('a development server', () => {
    const api = useApiServer('frames-dev-');
    it('lets only its own origin frame it (the host simulator)', async () => {
      writeFileSync(join(api.dataDir, 'vip-center.html'), '<!doctype html><title>VIP</title>');
      const response = await fetch(`${api.base}/vip-center`);
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    });
  });
});
