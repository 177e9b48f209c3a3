/**
 * Uploads: the raw file as the body (not encrypted: the host app streams files, and encrypting
 * 200 MB in a WebView would be its own failure). Identity in headers. Refused above 200M with the
 * spec's message, by Content-Length before reading and by counting bytes while reading.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { randomId } from '../../src/lib/id';
import { UPLOAD_MAX_BYTES } from '../../src/lib/limits';
import type { Db } from '../db';
import { ApiFailure, failureBody } from './failure';
import { tooLarge } from './pipeline';

/** @example app.route('/', uploadRoutes(db, '.data/uploads')) */
export function uploadRoutes(db: Db, dir: string): Hono {
  const api = new Hono();
  const insert = db.prepare('INSERT INTO uploads (id, uid, name, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  api.post('/api/upload', async (c) => {
    const uid = c.req.header('x-uid') ?? '';
    if (!uid || !c.req.header('x-app-sessionid')) return c.json(failureBody(new ApiFailure('notLoggedIn', 403)), 403);
    const refuse = () => tooLarge(c, new ApiFailure('fileTooLarge', 413));
    if (Number(c.req.header('content-length') ?? 0) > UPLOAD_MAX_BYTES) return refuse();

    const id = randomId();
    mkdirSync(dir, { recursive: true });
    const path = join(dir, id);
    const file = createWriteStream(path);
    // A write failing after we gave up on the upload must not take the server down.
    file.on('error', () => undefined);
    let size = 0;
    const reader = c.req.raw.body?.getReader();
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
        size += chunk.value.byteLength;
        if (size > UPLOAD_MAX_BYTES) {
          await reader!.cancel();
          file.destroy();
          rmSync(path, { force: true });
          return refuse();
        }
        if (!file.write(chunk.value) && !file.destroyed) await new Promise((resolve) => file.once('drain', resolve));
      }
      await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
    } catch {
      file.destroy();
      rmSync(path, { force: true });
      return c.json(failureBody(new ApiFailure('uploadFailed', 400)), 400);
    }
    const name = decodeName(c.req.header('x-file-name'));
    const mime = (c.req.header('content-type') ?? 'application/octet-stream').slice(0, 100);
    insert.run(id, uid, name, mime, size, Date.now());
    return c.json({ code: 0, data: { id, size, url: `/api/upload/${id}` } });
  });
  return api;
}

function decodeName(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? 'file').slice(0, 200);
  } catch {
    return 'file';
  }
}
