/**
 * The personal-data export link once died with the owner's session, but until then it was a
 * bearer URL for 15 minutes: `GET /api/personal/file/<grant>` from another address, with no session,
 * answered 200 and the PDF. Now there is no link: the page asks for the file's bytes with a sealed
 * request of the owner's live session (`exportPdf`), like every other call, and saves them itself.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import en from '../../src/shared/messages/en-US.json';
import { createApp } from '../../server/app';
import { useApiServer, type Reply } from '../fixtures/api-server';
import { openPdf } from '../fixtures/pdf-reader';
import { form, seal } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const PRIVATE = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const api = useApiServer('export-link-');
const PDF_PATH = '/api/personal/export/pdf';

const fresh = () => `xl-${randomUUID().slice(0, 8)}`;

/** A user whose export has been sent (the development mailbox stands in for the e-mail). */
async function exported(uid = fresh()) {
  const email = `${uid}@example.com`;
  const code = (await api.dev('/api/dev/export-captcha', { uid, email })).body.data.code as string;
  const made = await api.call('/api/personal/export', { email, code, password: '123456', timeZone: 'UTC', attempt: randomUUID() }, uid);
  expect(made.status).toBe(200);
  return { uid, id: made.body.data.export.id as string };
}

/** A request from the loopback address `from` (127/8: a client of its own), as someone else's machine sends it. */
function sendFrom(from: string, method: 'GET' | 'POST', path: string, body = ''): Promise<{ status: number; type: string; text: string }> {
  const { port } = new URL(api.base);
  const headers = method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {};
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, localAddress: from, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const NOT_LOGGED_IN: Reply = { status: 403, body: { code: 'notLoggedIn', message: en.error.notLoggedIn } };
const NO_CONTENT: Reply = { status: 410, body: { code: 'noContent', message: en.error.noContent } };

describe('the personal-data file', () => {
  it('is handed to the page as no address: nothing the file page gets opens the file from elsewhere', async () => {
    const { uid, id } = await exported();
    const shown = await api.call('/api/personal/export/file', { id }, uid);
    expect(shown.status).toBe(200);
    // Before: `url: /api/personal/file/<grant>`, and that address answered 200 application/pdf to
    // another machine that had no session at all.
    const addresses = JSON.stringify(shown.body.data).match(/\/api\/[^"]*/g) ?? [];
    const fetched = await Promise.all(addresses.map((path) => sendFrom('127.0.0.6', 'GET', path)));
    expect(fetched.map(({ status, type }) => ({ status, type }))).toEqual([]);
    // The old address, whatever grant it names, is no route at all.
    const old = await sendFrom('127.0.0.6', 'GET', `/api/personal/file/${'A'.repeat(43)}`);
    expect({ status: old.status, body: JSON.parse(old.text) }).toEqual({ status: 404, body: { code: 'notFound', message: 'No such endpoint.' } });
  });

  it("opens only for the owner's live session: none, another's, or an ended one are refused", async () => {
    const { uid, id } = await exported();
    const other = fresh();
    const otherSession = await api.session(other);
    expect(await api.callAs(PDF_PATH, { id }, { uid, app_sessionid: '' })).toEqual(NOT_LOGGED_IN);
    expect(await api.callAs(PDF_PATH, { id }, { uid, app_sessionid: 'x'.repeat(43) })).toEqual(NOT_LOGGED_IN);
    // Another user's session under the owner's uid, and under its own: nothing, and no hint the file exists.
    expect(await api.callAs(PDF_PATH, { id }, { uid, app_sessionid: otherSession })).toEqual(NOT_LOGGED_IN);
    expect(await api.call(PDF_PATH, { id }, other)).toEqual(NO_CONTENT);
    expect(await api.call(PDF_PATH, { id: 'ex-never-was' }, other)).toEqual(NO_CONTENT);

    const owner = await api.call(PDF_PATH, { id }, uid);
    expect(owner.status).toBe(200);
    expect(openPdf(Buffer.from(owner.body.data.pdf, 'base64'), '123456').pageTexts()[0]).toContain('Account data');

    // Signed out: the session that fetched it a moment ago no longer does.
    expect((await api.dev('/api/dev/session/expire', { app_sessionid: await api.session(uid) })).status).toBe(200);
    expect(await api.call(PDF_PATH, { id }, uid)).toEqual({ status: 401, body: { code: 'loginExpired', message: en.error.loginExpired } });
  });

  it('cannot be had again by replaying the owner’s request from another address', async () => {
    const { uid, id } = await exported();
    const captured = form(seal({ id }, PUBLIC, { path: PDF_PATH, uid, app_sessionid: await api.session(uid) }));
    const first = await sendFrom('127.0.0.7', 'POST', PDF_PATH, captured);
    expect(first.status).toBe(200);
    const replayed = await sendFrom('127.0.0.8', 'POST', PDF_PATH, captured);
    expect({ status: replayed.status, body: JSON.parse(replayed.text) }).toEqual({
      status: 409,
      body: { code: 'replayed', message: 'This nonce was already used.' },
    });
  });

  it('leaves nothing secret in the access log: the line names the endpoint, not the session or the file', async () => {
    const { uid, id } = await exported();
    const session = await api.session(uid);
    const logging = createApp({ root: api.dataDir, db: api.db, privateKey: PRIVATE, dataDir: api.dataDir });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    let pdf = '';
    try {
      const body = form(seal({ id }, PUBLIC, { path: PDF_PATH, uid, app_sessionid: session }));
      const answer = await logging.request(PDF_PATH, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect(answer.status).toBe(200);
      pdf = ((await answer.json()) as { data: { pdf: string } }).data.pdf;
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual([expect.stringMatching(/^POST \/api\/personal\/export\/pdf 200 \d+ms$/)]);
    expect(lines.join('\n')).not.toContain(session);
    expect(lines.join('\n')).not.toContain(pdf.slice(0, 32));
  });
});
