import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, seal, sealText } from '../tests/fixtures/seal';
import { createApp } from './app';
import { openDb, schemaVersion, type Db } from './db';
import { MIGRATIONS } from './db/migrations';
import { serveWithLimits } from './http-limits';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const PRIVATE = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const OTHER_PUBLIC = readFileSync('server/dev-keys/public.pem', 'utf8');

let dataDir: string;
let db: Db;
let server: ServerType;
let base: string;

function start() {
  db = openDb(dataDir, { demo: true });
  const app = createApp({ root: dataDir, db, privateKey: PRIVATE, dataDir, log: false });
  return new Promise<void>((resolve) => {
    server = serveWithLimits({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
}
const stop = () => new Promise<void>((resolve) => server.close(() => (db.close(), resolve())));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'api-'));
  await start();
});
afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
const call = async (path: string, fields: { params: string; encSecKey: string }) => {
  const response = await post(path, form(fields));
  return { status: response.status, body: await response.json() };
};
const dev = async (path: string, body: object) =>
  (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
/** A session issued by the development account service. */
const issue = async (uid: string): Promise<string> => (await dev('/api/dev/session', { uid })).data.app_sessionid;

describe('encrypted endpoints', () => {
  it('answers health with the contract envelope', async () => {
    expect(await call('/api/health', seal({}, PUBLIC, { path: '/api/health' }))).toEqual({ status: 200, body: { code: 0, data: { ok: true } } });
  });

  it('answers health without a user (public), but not session', async () => {
    expect((await call('/api/health', seal({}, PUBLIC, { path: '/api/health', uid: '', app_sessionid: '' }))).status).toBe(200);
    const anonymous = await call('/api/session', seal({}, PUBLIC, { path: '/api/session', uid: '', app_sessionid: '' }));
    expect(anonymous).toEqual({ status: 403, body: { code: 'notLoggedIn', message: 'Please log in your music account.' } });
  });

  it('identifies the user by the session the account service issued', async () => {
    const id = await issue('u-7');
    const first = await call('/api/session', seal({}, PUBLIC, { path: '/api/session', uid: 'u-7', app_sessionid: id }));
    expect(first.body.data.uid).toBe('u-7');
    // A session alone is not enough: the host's uid must come with it and be the session's.
    const alone = await call('/api/session', seal({}, PUBLIC, { path: '/api/session', uid: '', app_sessionid: id }));
    expect(alone).toEqual({ status: 403, body: { code: 'notLoggedIn', message: 'Please log in your music account.' } });
  });

  it('answers an expired session with the login-expired message', async () => {
    const id = await issue('u-8');
    await dev('/api/dev/session/expire', { app_sessionid: id });
    const expired = await call('/api/session', seal({}, PUBLIC, { path: '/api/session', uid: 'u-8', app_sessionid: id }));
    expect(expired).toEqual({ status: 401, body: { code: 'loginExpired', message: 'Login status expired. Go to the OPPO account center to re-verify.' } });
  });
});

describe('rejections: 4xx JSON, and the server keeps running', () => {
  const sealed = seal({}, PUBLIC, { path: '/api/health' });
  // Every request that does not open gets this one answer (docs/api.md, Server side).
  const BAD_SEAL = { code: 'badSeal', message: 'The request could not be opened.' };
  it.each([
    ['a JSON body instead of a form', () => post('/api/health', JSON.stringify(sealed), 'application/json'), 400, 'badSeal'],
    ['a form without encSecKey', () => post('/api/health', form({ params: sealed.params })), 400, 'badSeal'],
    ['params that is not base64', () => post('/api/health', form({ ...sealed, params: '%%%not base64%%%' })), 400, 'badSeal'],
    ['a key sealed for another server', () => post('/api/health', form(seal({}, OTHER_PUBLIC, { path: '/api/health' }))), 400, 'badSeal'],
    ['a body that is not JSON', () => post('/api/health', form(sealText('{not json', PUBLIC))), 400, 'badSeal'],
    ['a body without the wire fields', () => post('/api/health', form(sealText('{"uid":"1"}', PUBLIC))), 422, 'badRequest'],
    ['a body that is JSON but not an object', () => post('/api/health', form(sealText('[1,2]', PUBLIC))), 400, 'badSeal'],
    ['fields of the wrong types', () => post('/api/health', form(sealText('{"uid":1,"app_sessionid":[],"ts":"x","nonce":5}', PUBLIC))), 422, 'badRequest'],
    ['ts 6 minutes in the past', () => post('/api/health', form(seal({}, PUBLIC, { path: '/api/health', ts: Date.now() - 6 * 60_000 }))), 400, 'staleRequest'],
    [
      'ts 6 minutes in the future',
      () => post('/api/health', form(seal({}, PUBLIC, { path: '/api/health', ts: Date.now() + 6 * 60_000 }))),
      400,
      'staleRequest',
    ],
    ['an unknown endpoint', () => post('/api/nope', form(sealed)), 404, 'notFound'],
    // Once, duplicate fields were accepted (the first won) and the content type matched as a substring.
    ['a form with params twice', () => post('/api/health', `${form(sealed)}&params=${encodeURIComponent(sealed.params)}`), 400, 'badSeal'],
    ['a form with encSecKey twice', () => post('/api/health', `${form(sealed)}&encSecKey=x`), 400, 'badSeal'],
    [
      'a form under another media type that names the form one',
      () => post('/api/health', form(sealed), 'text/plain; x=application/x-www-form-urlencoded'),
      400,
      'badSeal',
    ],
  ])('refuses %s', async (_, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    if (code === 'badSeal') expect(body).toEqual(BAD_SEAL);
    expect((await call('/api/health', seal({}, PUBLIC, { path: '/api/health' }))).status).toBe(200);
  });

  it('refuses a body over 1 MB without reading it', async () => {
    // The server answers as soon as it sees the length and closes; the client may still be writing.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/api/health`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      request.on('error', (error) => (error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error)));
      request.end(form({ ...seal({}, PUBLIC, { path: '/api/health' }), params: 'A'.repeat(1024 * 1024 + 4) }));
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).code).toBe('tooLarge');
    expect((await call('/api/health', seal({}, PUBLIC, { path: '/api/health' }))).status).toBe(200);
  });

  it('refuses a replayed nonce', async () => {
    const once = seal({}, PUBLIC, { path: '/api/health' });
    expect((await call('/api/health', once)).status).toBe(200);
    expect(await call('/api/health', once)).toMatchObject({ status: 409, body: { code: 'replayed' } });
  });

  it('sends a small answer as it is, with its length, and gzips a large one', async () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' };
    // Raw HTTP: fetch would decode the body and hide the encoding.
    const raw = (path: string, body: string) =>
      new Promise<{ encoding?: string; length?: string; bytes: number }>((resolve, reject) => {
        const req = httpRequest(`${base}${path}`, { method: 'POST', headers }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length: res.headers['content-length'], bytes }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const small = await raw('/api/health', form(seal({}, PUBLIC, { path: '/api/health' })));
    expect(small).toEqual({ encoding: undefined, length: String(small.bytes), bytes: small.bytes });
    const id = await issue('u-gzip');
    const large = await raw('/api/help/home', form(seal({ locale: 'en-US' }, PUBLIC, { path: '/api/help/home', uid: 'u-gzip', app_sessionid: id })));
    expect(large.encoding).toBe('gzip');
  });
});

describe('uploads', () => {
  // The first bytes of a PNG: the server stores what the content is, whatever the name or type says.
  const png = () => {
    const file = new Uint8Array(2048);
    file.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return file;
  };
  const headersFor = async (uid: string) => ({
    'x-uid': uid,
    'x-app-sessionid': await issue(uid),
    'content-type': 'application/octet-stream',
    'x-file-name': encodeURIComponent('截图.png'),
  });

  it('accepts a file from a signed-in user and records it under that user, with the type its bytes show', async () => {
    const response = await fetch(`${base}/api/upload`, { method: 'POST', headers: await headersFor('10001'), body: png() });
    const body = await response.json();
    expect(body).toEqual({ code: 0, data: { id: expect.stringMatching(/^[A-Za-z0-9]{32}$/), size: 2048, url: `/api/upload/${body.data.id}` } });
    expect(db.prepare('SELECT uid, name, mime, size FROM uploads WHERE id = ?').get(body.data.id)).toEqual({
      uid: '10001',
      name: '截图.png',
      mime: 'image/png',
      size: 2048,
    });
  });

  it('refuses a declared 201 MB file with the spec message before reading it', async () => {
    const response = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { ...(await headersFor('10001')), 'content-length': String(201 * 1024 * 1024) },
      body: new Uint8Array(10),
    }).catch(() => null);
    // Node's fetch may refuse a body shorter than its length header; the server check is exercised below too.
    if (response) expect(await response.json()).toEqual({ code: 'fileTooLarge', message: 'Over the 200 MB limit. Please upload a smaller file.' });
  });

  it('refuses a stream that grows past 200 MB without a length', async () => {
    let sent = 0;
    const chunk = new Uint8Array(4 * 1024 * 1024);
    const first = chunk.slice();
    first.set(png().subarray(0, 8));
    const body = new ReadableStream({
      pull(controller) {
        if (sent > 201 * 1024 * 1024) return controller.close();
        controller.enqueue(sent === 0 ? first : chunk);
        sent += chunk.byteLength;
      },
    });
    const response = await fetch(`${base}/api/upload`, { method: 'POST', headers: await headersFor('10001'), body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'fileTooLarge', message: 'Over the 200 MB limit. Please upload a smaller file.' });
  }, 60_000); // 200 MB through loopback and onto disk

  it('needs a session', async () => {
    expect(await (await fetch(`${base}/api/upload`, { method: 'POST', body: 'x' })).json()).toEqual({
      code: 'notLoggedIn',
      message: 'Please log in your music account.',
    });
  });
});

describe('tracking', () => {
  it("stores each event once however often the batch arrives, under the session's user", async () => {
    const app_sessionid = await issue('10001');
    const batch = JSON.stringify({
      common: { uid: '10001', app_sessionid },
      events: [
        { id: 'evt-00000001', kind: 'click', name: 'buy', at: 1 },
        { id: 'evt-00000002', kind: 'exposure', name: 'plan', at: 2 },
      ],
    });
    const send = () => fetch(`${base}/api/track`, { method: 'POST', body: batch, headers: { 'content-type': 'application/json' } }).then((r) => r.json());
    expect((await send()).data).toEqual({ accepted: 2, duplicates: 0 });
    expect((await send()).data).toEqual({ accepted: 0, duplicates: 2 });
    expect(db.prepare("SELECT uid, COUNT(*) AS n FROM track_events WHERE id LIKE 'evt-%' GROUP BY uid").all()).toEqual([{ uid: '10001', n: 2 }]);
  });

  it('refuses a malformed batch', async () => {
    const response = await fetch(`${base}/api/track`, { method: 'POST', body: '{"events":"x"}' });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('badRequest');
  });
});

describe('the site over HTTP', () => {
  it('rewrites an unprefixed URL with a supported language to that locale, without a redirect', async () => {
    mkdirSync(join(dataDir, 'th-TH'), { recursive: true });
    writeFileSync(join(dataDir, 'license.html'), '<html lang="en-US">');
    writeFileSync(join(dataDir, 'th-TH/license.html'), '<html lang="th-TH">');
    const response = await fetch(`${base}/license.html?language=th_TH`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html lang="th-TH">');
    expect(await (await fetch(`${base}/license.html?language=fr`)).text()).toBe('<html lang="en-US">');
  });
});

describe('persistence', () => {
  it('keeps sessions across a restart, migrates once and seeds once', async () => {
    const id = await issue('u-keep');
    const plans = db.prepare('SELECT COUNT(*) AS n FROM plans').get();
    await stop();
    await start();
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect((await call('/api/session', seal({}, PUBLIC, { path: '/api/session', uid: 'u-keep', app_sessionid: id }))).body.data.uid).toBe('u-keep');
    expect(db.prepare('SELECT COUNT(*) AS n FROM plans').get()).toEqual(plans);
  });

  it('is seeded for every area', () => {
    const count = (table: string) => Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n);
    expect(count('plans')).toBeGreaterThanOrEqual(4);
    expect(
      db
        .prepare('SELECT DISTINCT period FROM plans ORDER BY period')
        .all()
        .map((r) => r.period),
    ).toEqual(['day', 'month', 'quarter', 'year']);
    expect(count('coin_packages')).toBeGreaterThan(0);
    expect(count('faq_texts')).toBe(count('faqs') * 9);
    expect(count('feedback_type_labels')).toBe(4 * 9);
    expect(count('songs')).toBeGreaterThanOrEqual(30);
    expect(count('playlist_songs')).toBeGreaterThan(0);
    expect(count('coin_transactions')).toBeGreaterThan(20);
  });
});
