/**
 * Links to a personal-data file that work only for its owner, and only briefly. Each `exportFile`
 * call mints a grant for the caller's session: a random 256-bit id, which is the link
 * (`/api/personal/file/<id>`), stored only as its SHA-256 with the owner's uid, the export, an expiry
 * (15 minutes, or the export's own expiry if sooner) and the session it was minted for.
 *
 * The file route serves the file only while the grant is unexpired, that session is still live and
 * belongs to the export's owner, and the export is unexpired. A link passed on, logged or leaked thus
 * dies with the session (sign-out, expiry) or within 15 minutes, whichever comes first.
 *
 * The session is checked through `findSession(db, app_sessionid, nowMs)`, which needs the session id
 * itself, yet the database must not hold live session ids (a copy of it would hand them out). So the
 * grant keeps the session id sealed (AES-256-GCM) under a key derived from the grant id, which only the
 * link holds: the link alone does not reveal the session, and the database alone does not either.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import type { User } from './pipeline';
import { findSession } from './sessions';
import { seconds } from '../time';

/** How long a link works at most: long enough to tap Download, short enough that a copy soon dies. */
export const GRANT_SECONDS = 15 * 60;
/** Live links per export: one per opening of the file page; older ones go (a user rarely has more devices). */
export const GRANTS_PER_EXPORT = 5;
/** The path a grant id is served under. */
export const FILE_PATH = '/api/personal/file/';

/**
 * A request path as the access log may show it: a file link's grant id is the link itself, so it
 * never reaches a log (issue 28, item 4); whoever reads the log must not get the file.
 * @example loggedPath('/api/personal/file/Xq3…') // '/api/personal/file/…'
 */
export const loggedPath = (path: string) => (path.startsWith(FILE_PATH) ? `${FILE_PATH}…` : path);

/** How the grant check finds a live session (server/api/sessions.ts in the server). */
export type SessionLookup = (db: Db, app_sessionid: string, nowMs: number) => { uid: string; expiresAt: number } | null;

const GRANT_ID = /^[A-Za-z0-9_-]{43}$/;
const hash = (id: string) => createHash('sha256').update(id).digest('base64url');
const sealKey = (id: string) => Buffer.from(hkdfSync('sha256', Buffer.from(id, 'base64url'), Buffer.alloc(0), 'export-grant session', 32));
// The export and the owner are bound in: a sealed session moved to another row does not open.
const boundTo = (exportId: string, uid: string) => Buffer.from(`${exportId}\n${uid}`);

function seal(id: string, sessionId: string, exportId: string, uid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(id), iv).setAAD(boundTo(exportId, uid));
  const sealed = Buffer.concat([cipher.update(sessionId, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unseal(id: string, sealed: string, exportId: string, uid: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(id), bytes.subarray(0, 12)).setAAD(boundTo(exportId, uid));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A minted link: its path, and when it stops working (Unix seconds). */
export interface Grant {
  url: string;
  expiresAt: number;
}

/**
 * A new link to `exportId`'s file for `user` (the session the request came with). The caller has
 * checked that the export is the user's and unexpired; the file route checks both again. Expired
 * grants of every export are swept, and this export keeps only its newest GRANTS_PER_EXPORT.
 * @example mintGrant(db, 'ex-abc', { uid: '10001', app_sessionid }, Date.now()).url // '/api/personal/file/Xq3…'
 */
export function mintGrant(db: Db, exportId: string, user: User, nowMs: number): Grant {
  const now = seconds(nowMs);
  const row = db.prepare('SELECT expires_at FROM exports WHERE id = ?').get(exportId);
  if (!row || row.expires_at === null) throw new RangeError(`No file to link for export ${exportId}`);
  const id = randomBytes(32).toString('base64url');
  const expiresAt = Math.min(now + GRANT_SECONDS, Number(row.expires_at));
  return transaction(db, () => {
    db.prepare('DELETE FROM export_grants WHERE expires_at <= ?').run(now);
    db.prepare('INSERT INTO export_grants (id_hash, export_id, uid, session, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      hash(id),
      exportId,
      user.uid,
      seal(id, user.app_sessionid, exportId, user.uid),
      nowMs,
      expiresAt,
    );
    db.prepare(
      `DELETE FROM export_grants WHERE export_id = ? AND id_hash NOT IN
         (SELECT id_hash FROM export_grants WHERE export_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
    ).run(exportId, exportId, GRANTS_PER_EXPORT);
    return { url: `${FILE_PATH}${id}`, expiresAt };
  });
}

/**
 * What a link opens: the export, or why not. 404 when there is no such grant or it is not the
 * owner's (the same answer, so a guess learns nothing); 410 when it was the owner's but its time is
 * over: the grant or the export expired, or the session it was minted for ended.
 */
export type GrantCheck = { ok: true; exportId: string } | { ok: false; status: 404 | 410 };

/**
 * Checks a link's grant id at `nowMs`.
 * @example checkGrant(db, 'Xq3…', Date.now()) // { ok: true, exportId: 'ex-abc' }
 */
export function checkGrant(db: Db, id: string, nowMs: number, lookup: SessionLookup = findSession): GrantCheck {
  const now = seconds(nowMs);
  if (!GRANT_ID.test(id)) return { ok: false, status: 404 };
  const grant = db.prepare('SELECT export_id, uid, session, expires_at FROM export_grants WHERE id_hash = ?').get(hash(id));
  if (!grant) return { ok: false, status: 404 };
  const exportId = String(grant.export_id);
  const uid = String(grant.uid);
  const owner = db.prepare('SELECT uid, expires_at, file IS NOT NULL AS has_file FROM exports WHERE id = ?').get(exportId);
  const sessionId = unseal(id, String(grant.session), exportId, uid);
  if (!owner || String(owner.uid) !== uid || sessionId === null) return { ok: false, status: 404 };
  const session = lookup(db, sessionId, nowMs);
  if (session && session.uid !== uid) return { ok: false, status: 404 };
  if (!session || Number(grant.expires_at) <= now) return { ok: false, status: 410 };
  if (owner.expires_at === null || Number(owner.expires_at) <= now || !owner.has_file) return { ok: false, status: 410 };
  return { ok: true, exportId };
}
