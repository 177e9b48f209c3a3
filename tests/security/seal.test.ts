/**
 * Attacks on the request seal (docs/api.md), through the real app over HTTP. Before the
 * MAC, flipping IV bits rewrote the first block of the body (the uid) undetected, and a padding error
 * answered differently from a bad key: an oracle. Now any changed bit is refused, every refusal is
 * the same answer, and an address that keeps sending what does not open is cut off before it costs
 * RSA work.
 */
import { createDecipheriv, createCipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_SKEW_MS } from '../../src/shared/limits';
import { createApp } from '../../server/app';
import { openDb } from '../../server/db';
import { useApiServer } from '../fixtures/api-server';
import { unwrapKeys, type PageKeys } from '../../server/api/wire-node';
import { rawPost as post, type RawAnswer as Answer } from '../fixtures/raw-post';
import { form, newPage, seal, signParams, type Page, type Sealed } from '../fixtures/seal';
import { PROPERTY_TIMEOUT_MS, RUNS } from '../unit/hostile';

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const PRIVATE = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const OTHER_PUBLIC = readFileSync('server/dev-keys/public.pem', 'utf8');
const BAD_SEAL = { code: 'badSeal', message: 'The request could not be opened.' };

/** The server's RSA step, counted: how many private-key operations a test's requests cost. */
function countingUnwrap() {
  const rsa = { unwraps: 0 };
  const unwrap = (encSecKey: string, key: KeyObject): PageKeys => {
    rsa.unwraps += 1;
    return unwrapKeys(encSecKey, key);
  };
  return { rsa, unwrap };
}

/** What a client can observe of a refusal: the status, the body, the headers (less the date). */
const observable = ({ status, headers, text }: Answer) => {
  const { date: _date, ...rest } = headers;
  return { status, headers: rest, text };
};

/** `base64` with one bit of its decoded bytes flipped. */
function flipBit(base64: string, bit: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[bit >> 3]! ^= 1 << (bit & 7);
  return bytes.toString('base64');
}

describe('tampering (failure and RSA limits raised so every attempt is answered)', () => {
  const api = useApiServer('seal-', { opener: { failureLimit: 1_000_000, unwrapLimit: 1_000_000, unwrapsPerSecond: 1_000_000 } });

  /** Requests one page would send: one encSecKey, fresh IVs and nonces; none sent yet. */
  async function pageRequests(count: number, uid: string): Promise<{ page: Page; sealed: Sealed[] }> {
    const app_sessionid = await api.session(uid);
    const page = newPage(PUBLIC);
    return { page, sealed: Array.from({ length: count }, () => seal({}, PUBLIC, { path: '/api/session', uid, app_sessionid }, page)) };
  }

  /** The answer to a request that does not open, as the client sees it. */
  async function badSealAnswer() {
    const answer = await post(api.base, '/api/session', form({ params: 'QUJD', encSecKey: 'QUJD' }));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual(BAD_SEAL);
    return observable(answer);
  }

  it('refuses any single bit flipped in the decoded params with the one answer', async () => {
    const { sealed } = await pageRequests(8, 'flip-params');
    const expected = await badSealAnswer();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(sealed.length - 1), fc.nat(), async (which, seed) => {
        sent += 1;
        const original = sealed[which]!;
        const bit = seed % (Buffer.from(original.params, 'base64').length * 8);
        const answer = await post(api.base, '/api/session', form({ ...original, params: flipBit(original.params, bit) }));
        expect(observable(answer)).toEqual(expected);
      }),
      RUNS,
    );
    expect(sent).toBe(RUNS.numRuns);
    // Untouched, every one of them opens: the flipped bit was the only thing wrong.
    for (const original of sealed) expect((await post(api.base, '/api/session', form(original))).status).toBe(200);
  });

  it('refuses any single bit flipped in the decoded encSecKey with the one answer', async () => {
    const { sealed } = await pageRequests(4, 'flip-key');
    const expected = await badSealAnswer();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(sealed.length - 1), fc.nat(256 * 8 - 1), async (which, bit) => {
        sent += 1;
        const original = sealed[which]!;
        const answer = await post(api.base, '/api/session', form({ ...original, encSecKey: flipBit(original.encSecKey, bit) }));
        expect(observable(answer)).toEqual(expected);
      }),
      RUNS,
    );
    expect(sent).toBe(RUNS.numRuns);
    for (const original of sealed) expect((await post(api.base, '/api/session', form(original))).status).toBe(200);
  });

  it('answers a MAC-valid request with bad padding exactly as a MAC-invalid one (no padding oracle)', async () => {
    const page = newPage(PUBLIC);
    const iv = randomBytes(16);
    const raw = (plain: Buffer) => {
      const cipher = createCipheriv('aes-256-cbc', page.aesKey, iv).setAutoPadding(false);
      return Buffer.concat([cipher.update(plain), cipher.final()]);
    };
    const padded = (plain: Buffer) => {
      const cipher = createCipheriv('aes-256-cbc', page.aesKey, iv);
      return Buffer.concat([cipher.update(plain), cipher.final()]);
    };
    // Forged with the page's MAC key, so only the padding (or what follows) can refuse them.
    const badPadding = signParams(page, iv, raw(Buffer.from('{"uid":"10001"}\u0000')));
    const variants = {
      badPadding,
      badMac: flipBit(badPadding, (16 + 16 + 31) * 8),
      notUtf8: signParams(page, iv, padded(Buffer.from([0xff, 0xfe, 0x7b]))),
      notJson: signParams(page, iv, padded(Buffer.from('{uid: 1}'))),
      notObject: signParams(page, iv, padded(Buffer.from('[1,2]'))),
    };
    const answers = [];
    for (const params of Object.values(variants)) answers.push(observable(await post(api.base, '/api/health', form({ params, encSecKey: page.encSecKey }))));
    expect(answers[0]).toEqual(await badSealAnswer());
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('refuses the old attack: IV bits flipped to turn uid 10001 into 10002', async () => {
    const page = newPage(PUBLIC);
    const sealed = seal({}, PUBLIC, { path: '/api/session', uid: '10001', app_sessionid: await api.session('10001') }, page);
    const bytes = Buffer.from(sealed.params, 'base64');
    // The body starts {"uid":"10001"," : its 13th byte is the uid's last digit, under IV byte 12.
    bytes[12]! ^= '1'.charCodeAt(0) ^ '2'.charCodeAt(0);
    const tampered = bytes.toString('base64');
    // Without the MAC this was a working request for 10002: CBC decrypts it so.
    const decipher = createDecipheriv('aes-256-cbc', page.aesKey, bytes.subarray(0, 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(16, -32)), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain).uid).toBe('10002');

    const answer = await post(api.base, '/api/session', form({ ...sealed, params: tampered }));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual(BAD_SEAL);
    expect(JSON.parse((await post(api.base, '/api/session', form(sealed))).text).data.uid).toBe('10001');
  });
});

describe('failed opens per address', () => {
  const { rsa, unwrap } = countingUnwrap();
  const LIMIT = 5;
  const api = useApiServer('seal-limit-', { opener: { failureLimit: LIMIT, unwrap } });
  /** Well-shaped params (IV, one block, MAC): it passes every check that comes before RSA. */
  const shapely = () => randomBytes(64).toString('base64');

  it('refuses an address past the limit with 429 before any RSA step, and serves other addresses', async () => {
    const attacker = '127.0.0.2';
    const before = rsa.unwraps;
    // Fresh encSecKeys (wrapped for another server) under well-shaped params: each costs one RSA step.
    for (let i = 0; i < LIMIT; i++) {
      const answer = await post(api.base, '/api/health', form({ params: shapely(), encSecKey: newPage(OTHER_PUBLIC).encSecKey }), attacker);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual(BAD_SEAL);
    }
    expect(rsa.unwraps - before).toBe(LIMIT);

    for (let i = 0; i < 20; i++) {
      const answer = await post(api.base, '/api/health', form({ params: shapely(), encSecKey: newPage(OTHER_PUBLIC).encSecKey }), attacker);
      expect(answer.status).toBe(429);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'tooManyRequests' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even a good request from that address waits: it is refused before anything is read.
    expect((await post(api.base, '/api/health', form(seal({}, PUBLIC, { path: '/api/health' })), attacker)).status).toBe(429);
    expect(rsa.unwraps - before).toBe(LIMIT);

    const session = await api.session('bystander');
    for (const from of ['127.0.0.1', '127.0.0.3']) {
      const answer = await post(api.base, '/api/session', form(seal({}, PUBLIC, { path: '/api/session', uid: 'bystander', app_sessionid: session })), from);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).data.uid).toBe('bystander');
    }
  });

  it('answers garbage params under a known encSecKey from the key cache, never RSA', async () => {
    const from = '127.0.0.4';
    const page = newPage(PUBLIC);
    const session = await api.session('cached');
    expect(
      (await post(api.base, '/api/session', form(seal({}, PUBLIC, { path: '/api/session', uid: 'cached', app_sessionid: session }, page)), from)).status,
    ).toBe(200);
    const before = rsa.unwraps;
    for (let i = 0; i < LIMIT - 1; i++) {
      const answer = await post(api.base, '/api/session', form({ params: shapely(), encSecKey: page.encSecKey }), from);
      expect(JSON.parse(answer.text)).toEqual(BAD_SEAL);
    }
    expect(rsa.unwraps).toBe(before);
    // The same garbage under an encSecKey the server has not seen does reach RSA: the cache is what saved it.
    await post(api.base, '/api/session', form({ params: shapely(), encSecKey: newPage(PUBLIC).encSecKey }), '127.0.0.5');
    expect(rsa.unwraps).toBe(before + 1);
    // And the page's own requests still open from the cache.
    expect(
      (await post(api.base, '/api/session', form(seal({}, PUBLIC, { path: '/api/session', uid: 'cached', app_sessionid: session }, page)), '127.0.0.5')).status,
    ).toBe(200);
    expect(rsa.unwraps).toBe(before + 1);
  });
});

describe('replay', () => {
  it('refuses the same nonce again, also after a restart on the same database (keys unwrapped anew)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seal-replay-'));
    const start = async () => {
      const db = openDb(dataDir);
      const app = createApp({ root: dataDir, db, privateKey: PRIVATE, dataDir, log: false });
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const stop = () => new Promise<void>((resolve) => server.close(() => (db.close(), resolve())));
      return { base, stop };
    };
    try {
      let server = await start();
      const page = newPage(PUBLIC);
      const once = form(seal({}, PUBLIC, { path: '/api/health' }, page));
      expect((await post(server.base, '/api/health', once)).status).toBe(200);
      expect(JSON.parse((await post(server.base, '/api/health', once)).text)).toMatchObject({ code: 'replayed' });
      await server.stop();

      server = await start();
      const again = await post(server.base, '/api/health', once);
      expect(again.status).toBe(409);
      expect(JSON.parse(again.text)).toMatchObject({ code: 'replayed' });
      // The page keeps its encSecKey across the restart: the new server unwraps it again.
      expect((await post(server.base, '/api/health', form(seal({}, PUBLIC, { path: '/api/health' }, page)))).status).toBe(200);
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('refuses a replay for as long as its ts is accepted, although old nonces are swept only once a second', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seal-sweep-'));
    const db = openDb(dataDir);
    let clock = Date.now();
    const app = createApp({ root: dataDir, db, privateKey: PRIVATE, dataDir, log: false, now: () => clock });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const health = (ts: number) => form(seal({}, PUBLIC, { path: '/api/health', ts }));
    try {
      const sent = clock;
      const once = health(sent);
      expect((await post(base, '/api/health', once)).status).toBe(200);
      // Every minute until the skew runs out, a fresh request sweeps the nonces, then the replay comes.
      for (clock = sent + 60_000; clock - sent < REQUEST_SKEW_MS; clock += 60_000) {
        expect((await post(base, '/api/health', health(clock))).status).toBe(200);
        expect(JSON.parse((await post(base, '/api/health', once)).text)).toMatchObject({ code: 'replayed' });
      }
      // Past the skew the nonce may be forgotten: the ts refuses it.
      clock = sent + 2 * REQUEST_SKEW_MS + 2_000;
      expect((await post(base, '/api/health', health(clock))).status).toBe(200);
      expect(JSON.parse((await post(base, '/api/health', once)).text)).toMatchObject({ code: 'staleRequest' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => (db.close(), resolve())));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Valid requests, each under a freshly wrapped key, cost one RSA decryption each, and unbounded they
// were never refused (681 a second at /api/health; everyone's requests slowed from 12 to 67 ms).
describe('RSA work is a budget', () => {
  const { rsa, unwrap } = countingUnwrap();
  const PER_CLIENT = 5;
  const IN_ALL = 8;
  let clock = Date.now();
  const api = useApiServer('seal-rsa-', { now: () => clock, opener: { unwrapLimit: PER_CLIENT, unwrapsPerSecond: IN_ALL, unwrap } });
  /** A valid request under a key wrapped just for it: one RSA step on the server unless refused first. */
  const fresh = (path = '/api/health') => form(seal({}, PUBLIC, { path, ts: clock }));

  it('refuses a client past its unwraps with 429 before the private-key operation, valid requests included', async () => {
    const before = rsa.unwraps;
    for (let i = 0; i < PER_CLIENT; i++) expect((await post(api.base, '/api/health', fresh(), '127.0.0.6')).status).toBe(200);
    const refused = await post(api.base, '/api/health', fresh(), '127.0.0.6');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'tooManyRequests' });
    expect(rsa.unwraps - before).toBe(PER_CLIENT);
    // A page that already holds its keys costs no RSA and is still answered: a replay is refused as one.
    const page = newPage(PUBLIC);
    clock += 61_000;
    expect((await post(api.base, '/api/health', form(seal({}, PUBLIC, { path: '/api/health', ts: clock }, page)), '127.0.0.7')).status).toBe(200);
    const known = form(seal({}, PUBLIC, { path: '/api/health', ts: clock }, page));
    expect((await post(api.base, '/api/health', known, '127.0.0.7')).status).toBe(200);
    expect((await post(api.base, '/api/health', known, '127.0.0.7')).status).toBe(409);
  });

  // /api/health once answered a fresh RSA-wrapped key per request, one private-key operation
  // each, to anyone. A public endpoint needs no seal now, and its plain form costs no RSA at all.
  it('answers a public endpoint unsealed with no RSA step, also past the unwrap budget; a private one still needs the seal', async () => {
    clock += 180_000;
    const before = rsa.unwraps;
    const plain = (body: unknown) => `request=${encodeURIComponent(JSON.stringify(body))}`;
    for (let i = 0; i < PER_CLIENT * 3; i++) {
      const answer = await post(api.base, '/api/health', plain({}), '127.0.0.8');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ code: 0, data: { ok: true } });
    }
    expect(JSON.parse((await post(api.base, '/api/vip/plans', plain({ region: 'SG' }), '127.0.0.8')).text).data.plans.length).toBeGreaterThan(0);
    expect(rsa.unwraps - before).toBe(0);
    // Checked against the contract like any body; two request fields are one too many.
    expect((await post(api.base, '/api/vip/plans', plain({ region: 42 }), '127.0.0.8')).status).toBe(422);
    expect((await post(api.base, '/api/health', 'request=%7B%7D&request=%7B%7D', '127.0.0.8')).status).toBe(422);
    expect((await post(api.base, '/api/health', 'request=not-json', '127.0.0.8')).status).toBe(422);
    // An endpoint with a user cannot be reached that way: without a seal it does not open.
    expect(JSON.parse((await post(api.base, '/api/vip/status', plain({}), '127.0.0.8')).text)).toMatchObject(BAD_SEAL);
  });

  it('refuses everyone past the total per second, then serves again a second later', async () => {
    clock += 120_000;
    const before = rsa.unwraps;
    const answers: number[] = [];
    for (let i = 0; i < IN_ALL + 2; i++) answers.push((await post(api.base, '/api/health', fresh(), `127.0.1.${i}`)).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(IN_ALL);
    expect(answers.slice(IN_ALL)).toEqual([429, 429]);
    expect(rsa.unwraps - before).toBe(IN_ALL);
    clock += 2_000;
    expect((await post(api.base, '/api/health', fresh(), '127.0.1.99')).status).toBe(200);
  });
});
