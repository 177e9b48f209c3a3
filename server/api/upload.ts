/**
 * Uploads: the raw file as the body (not encrypted: the host app streams files, and encrypting
 * 200 MB in a WebView would be its own failure), the session in headers. Everything that can be
 * refused without the body is refused before reading it: no live session, a declared size over 200M,
 * a user over their daily quota. Then the first bytes decide what the file is (./sniff): only images,
 * audio and video are taken, stored under the MIME type their content shows, readable by their owner
 * alone (`GET /api/upload/:id`).
 *
 * All or nothing: a file arrives as `<id>.part` and takes its name only once its row is
 * written, so a server killed mid-upload leaves a `.part` file, and those (and any file without a
 * row) are removed when the server starts: nothing on disk is outside the quota.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { randomId } from '../../src/shared/id';
import { UPLOAD_MAX_BYTES } from '../../src/shared/limits';
import type { Db } from '../db';
import { closeWith, type HttpLimits } from '../http-limits';
import { DAY_MS } from '../time';
import { ApiFailure, failureBody } from './failure';
import { findSession, sessionUser } from './sessions';
import { SNIFF_BYTES, detectMedia } from './sniff';

/**
 * What one user may store in any 24 hours: five files at the 200M limit. Far above what feedback
 * and appeals attach (three files, five screenshots), and a bound on what one account can make the
 * disk hold; rolling rather than per calendar day, so there is no time zone to agree on.
 */
export const UPLOAD_QUOTA_BYTES = 1024 * 1024 * 1024;
export const UPLOAD_QUOTA_WINDOW_MS = DAY_MS;

export interface UploadOptions {
  db: Db;
  /** Where files are written, one per upload, named by its id. */
  dir: string;
  limits: Pick<HttpLimits, 'uploadStallMs' | 'uploadMaxMs' | 'uploadMinBytes' | 'uploadRateWindowMs'>;
  now?: () => number;
}

const ID_PATTERN = /^[A-Za-z0-9]{32}$/;

type Read = ReadableStreamReadResult<Uint8Array> | 'stalled';

/**
 * `POST /api/upload` and `GET /api/upload/:id`.
 * @example app.route('/', uploadRoutes({ db, dir: '.data/uploads', limits: HTTP_LIMITS }))
 */
export function uploadRoutes({ db, dir, limits, now = Date.now }: UploadOptions): Hono {
  const api = new Hono();
  removeStrays(db, dir);
  const insert = db.prepare('INSERT INTO uploads (id, uid, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const storedSince = db.prepare('SELECT COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE uid = ? AND created_at > ?');
  const find = db.prepare('SELECT uid, name, mime, size FROM uploads WHERE id = ?');
  // Bytes of uploads still arriving, by user: two at once cannot both pass the quota on what is stored.
  const arriving = new Map<string, number>();
  const arrivingOf = (uid: string) => arriving.get(uid) ?? 0;
  const addArriving = (uid: string, bytes: number) => {
    const total = arrivingOf(uid) + bytes;
    if (total > 0) arriving.set(uid, total);
    else arriving.delete(uid);
  };

  api.post('/api/upload', async (c) => {
    const time = now();
    const who = sessionUser(db, c.req.header('x-app-sessionid') ?? '', c.req.header('x-uid'), time);
    if ('failure' in who) return closeWith(c, who.failure);
    const { uid } = who;

    const tooLarge = () => closeWith(c, new ApiFailure('fileTooLarge', 413));
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > UPLOAD_MAX_BYTES) return tooLarge();
    const stored = Number(storedSince.get(uid, time - UPLOAD_QUOTA_WINDOW_MS)!.bytes);
    const overQuota = () => closeWith(c, new ApiFailure('uploadQuota', 429));
    if (stored + arrivingOf(uid) + declared > UPLOAD_QUOTA_BYTES) return overQuota();

    const body = c.req.raw.body?.getReader();
    const reader = body && timedReader(body);
    const id = randomId();
    const path = join(dir, `${id}.part`);
    let file: ReturnType<typeof createWriteStream> | undefined;
    let size = 0;
    const head: Uint8Array[] = [];
    let mime: string | null = null;
    const deadline = time + limits.uploadMaxMs;
    // The pace: at least uploadMinBytes in every window, counted from the start of the body.
    let windowEnd = time + limits.uploadRateWindowMs;
    let windowBytes = 0;
    let lastByteAt = time;
    const giveUp = async (failure: ApiFailure) => {
      // The pending read, if any, fails once the connection closes; nobody waits for it.
      void body?.cancel().catch(() => undefined);
      if (file) {
        file.destroy();
        // A stream destroyed while still opening creates the file as it closes: remove it after.
        if (!file.closed) await new Promise((resolve) => file!.once('close', resolve));
      }
      rmSync(path, { force: true });
      return closeWith(c, failure);
    };
    try {
      for (;;) {
        const wakeAt = Math.min(lastByteAt + limits.uploadStallMs, deadline, windowEnd);
        const chunk = reader ? await reader(wakeAt - now()) : ({ done: true, value: undefined } as const);
        // A timer that fired stands for the moment it was set for (a test's clock may stand still).
        const at = chunk === 'stalled' ? Math.max(now(), wakeAt) : now();
        if (chunk !== 'stalled' && chunk.value) {
          windowBytes += chunk.value.byteLength;
          lastByteAt = at;
        }
        if (at >= windowEnd && (chunk === 'stalled' || !chunk.done)) {
          if (windowBytes < limits.uploadMinBytes) {
            return await giveUp(
              new ApiFailure(
                'uploadFailed',
                408,
                `Less than ${limits.uploadMinBytes / 1024} KB of the upload arrived in ${limits.uploadRateWindowMs / 1000} s.`,
              ),
            );
          }
          windowEnd = at + limits.uploadRateWindowMs;
          windowBytes = 0;
        }
        if (chunk === 'stalled') {
          // The timer was the window's, not a stall: keep reading.
          if (at < deadline && at - lastByteAt < limits.uploadStallMs) continue;
          const why =
            at >= deadline
              ? `The upload took longer than ${limits.uploadMaxMs / 60_000} minutes.`
              : `No byte of the upload arrived for ${limits.uploadStallMs / 1000} s.`;
          return await giveUp(new ApiFailure('uploadFailed', 408, why));
        }
        if (chunk.value) {
          size += chunk.value.byteLength;
          addArriving(uid, chunk.value.byteLength);
          if (size > UPLOAD_MAX_BYTES) return await giveUp(new ApiFailure('fileTooLarge', 413));
          if (stored + arrivingOf(uid) > UPLOAD_QUOTA_BYTES) return await giveUp(new ApiFailure('uploadQuota', 429));
        }
        if (!mime) {
          if (chunk.value) head.push(chunk.value);
          if (size < SNIFF_BYTES && !chunk.done) continue;
          // Decided on the first bytes: a file that is not media is refused before the rest is read.
          mime = detectMedia(concat(head, Math.min(size, SNIFF_BYTES)));
          if (!mime) return await giveUp(new ApiFailure('uploadFailed', 415, 'Not an image, audio or video file.'));
          mkdirSync(dir, { recursive: true, mode: 0o700 });
          file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
          // A write failing after we gave up on the upload must not take the server down.
          file.on('error', () => undefined);
          for (const part of head) await write(file, part);
          head.length = 0;
        } else if (chunk.value) {
          await write(file!, chunk.value);
        }
        if (chunk.done) break;
      }
      // Byte for byte or not at all: a body shorter or longer than it said is refused, never
      // stored as if it were the file.
      if (c.req.header('content-length') !== undefined && size !== declared) {
        return await giveUp(new ApiFailure('uploadFailed', 400, `The upload brought ${size} of the ${declared} bytes it announced.`));
      }
      await new Promise<void>((resolve, reject) => file!.end((error?: Error | null) => (error ? reject(error) : resolve())));
    } catch {
      return await giveUp(new ApiFailure('uploadFailed', 400));
    } finally {
      addArriving(uid, -size);
    }
    // The check that counts: uploads that finished meanwhile are stored now, and nothing runs in between.
    if (Number(storedSince.get(uid, now() - UPLOAD_QUOTA_WINDOW_MS)!.bytes) + size > UPLOAD_QUOTA_BYTES) {
      rmSync(path, { force: true });
      return c.json(failureBody(new ApiFailure('uploadQuota', 429)), 429);
    }
    // Row and name together: the row first, so a crash between them leaves a row whose file is missing
    // (answered 404, like any missing file) rather than bytes nobody counts.
    insert.run(id, uid, decodeName(c.req.header('x-file-name')), mime, size, now());
    renameSync(path, join(dir, id));
    return c.json({ code: 0, data: { id, size, url: `/api/upload/${id}` } });
  });

  api.get('/api/upload/:id', (c) => {
    // One answer for every refusal, so nobody learns which ids exist or whose they are.
    const notFound = () => c.json(failureBody(new ApiFailure('notFound', 404, 'No such upload.')), 404);
    const id = c.req.param('id');
    const sessionId = c.req.header('x-app-sessionid') ?? '';
    const session = ID_PATTERN.test(id) && sessionId ? findSession(db, sessionId, now()) : null;
    const row = session ? find.get(id) : undefined;
    if (!session || !row || row.uid !== session.uid) return notFound();
    const path = join(dir, id);
    try {
      statSync(path);
    } catch {
      return notFound();
    }
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
      headers: {
        'content-type': String(row.mime),
        'content-length': String(row.size),
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename*=UTF-8''${encodeFileName(String(row.name))}`,
        'cache-control': 'private, no-store',
      },
    });
  });
  return api;
}

/**
 * At start: every file in the upload directory that is not a finished upload with a row goes (a
 * `.part` left by a crash, or anything else), so the disk holds only what the quota counts.
 */
function removeStrays(db: Db, dir: string): void {
  if (!existsSync(dir)) return;
  const known = db.prepare('SELECT 1 FROM uploads WHERE id = ?');
  for (const name of readdirSync(dir)) {
    if (!ID_PATTERN.test(name) || !known.get(name)) rmSync(join(dir, name), { force: true, recursive: true });
  }
}

/**
 * Reads `body` a chunk at a time, each read given `ms` to bring one ('stalled' when it does not). A
 * read the timer beat is not abandoned: it is still the stream's next chunk, so the next call waits on
 * it rather than reading past it. (Abandoned, it took the next chunk with it: an upload slower than a
 * pace window lost a chunk at every window's end, and was stored short.)
 * @example const read = timedReader(body.getReader()); const chunk = await read(30_000)
 */
function timedReader(body: ReadableStreamDefaultReader<Uint8Array>): (ms: number) => Promise<Read> {
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return async (ms) => {
    if (!pending) {
      pending = body.read();
      // Given up on (the connection cut), it rejects with nobody waiting.
      pending.catch(() => undefined);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), Math.max(0, ms));
    });
    try {
      const result = await Promise.race([pending, stalled]);
      if (result !== 'stalled') pending = null;
      return result;
    } finally {
      clearTimeout(timer);
    }
  };
}

function write(file: ReturnType<typeof createWriteStream>, chunk: Uint8Array): Promise<void> | void {
  if (file.destroyed) throw new Error('the upload file was closed');
  if (!file.write(chunk))
    return new Promise((resolve, reject) => {
      // Each listener goes when the other fires: a 200 MB upload waits for a drain thousands of times,
      // and left behind, their error listeners piled up on the stream (Node warned at 11).
      const drained = () => {
        file.off('error', failed);
        resolve();
      };
      const failed = (error: Error) => {
        file.off('drain', drained);
        reject(error);
      };
      file.once('drain', drained);
      file.once('error', failed);
    });
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    if (offset >= length) break;
    const take = part.subarray(0, length - offset);
    out.set(take, offset);
    offset += take.byteLength;
  }
  return out;
}

function decodeName(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? 'file').slice(0, 200);
  } catch {
    return 'file';
  }
}

/** RFC 8187 ext-value: everything but unreserved characters percent-encoded, so no quote or line break gets through. */
const encodeFileName = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
