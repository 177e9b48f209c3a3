/**
 * Sessions the server verifies. The account service issues an `app_sessionid` for one user (in
 * development, `POST /api/dev/session`); the host passes it to the page, the page sends it inside
 * every sealed request, and the server looks it up: the user is whoever the session belongs to, never
 * the `uid` a body claims. Ids are 256 random bits; only their SHA-256 is stored, so a copy of the
 * database does not hand out live sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { ApiFailure } from './failure';
import { DAY_MS } from '../time';

/** Sessions last 30 days from issue (the account service's usual sign-in lifetime). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Live sessions one user may hold (one per device and sign-in is typical); issuing another drops the oldest. */
export const SESSIONS_PER_USER = 20;
/** `uid`: the provider's account id. Bounded so a body cannot grow the sessions table without end. */
export const UID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** 32 bytes as base64url: 43 characters, inside what the page's shell accepts (1–128 of [A-Za-z0-9_.:-]). */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedSession {
  uid: string;
  app_sessionid: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface FoundSession {
  uid: string;
  createdAt: number;
  expiresAt: number;
}

const hash = (id: string) => createHash('sha256').update(id).digest('base64url');

// Every API request looks its session up: the statement is prepared once per database, not per request.
const lookups = new WeakMap<Db, ReturnType<Db['prepare']>>();
const lookup = (db: Db) => {
  let statement = lookups.get(db);
  if (!statement) lookups.set(db, (statement = db.prepare('SELECT uid, created_at, expires_at FROM sessions WHERE id_hash = ?')));
  return statement;
};

/**
 * A new session for `uid`, valid SESSION_TTL_MS; the user's oldest sessions beyond SESSIONS_PER_USER go.
 * @example issueSession(db, '10001', Date.now()).app_sessionid // 'q3Zp…' (43 characters)
 */
export function issueSession(db: Db, uid: string, now: number): IssuedSession {
  if (!UID_PATTERN.test(uid)) throw new RangeError('uid must be 1–64 of [A-Za-z0-9_.:-]');
  const app_sessionid = randomBytes(32).toString('base64url');
  const expiresAt = now + SESSION_TTL_MS;
  db.prepare('INSERT INTO sessions (id_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hash(app_sessionid), uid, now, expiresAt);
  db.prepare(
    `DELETE FROM sessions WHERE uid = ? AND id_hash NOT IN
       (SELECT id_hash FROM sessions WHERE uid = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
  ).run(uid, uid, SESSIONS_PER_USER);
  return { uid, app_sessionid, expiresAt };
}

/**
 * The live session with this id, or null when there is none: unknown, malformed, or expired.
 * @example findSession(db, sessionId, Date.now())?.uid // '10001'
 */
export function findSession(db: Db, app_sessionid: string, now: number): FoundSession | null {
  if (!SESSION_ID_PATTERN.test(app_sessionid)) return null;
  const row = lookup(db).get(hash(app_sessionid));
  if (!row || Number(row.expires_at) <= now) return null;
  return { uid: String(row.uid), createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

/**
 * Ends a session now (the development route that stands for an expiry or a sign-out elsewhere).
 * @example expireSession(db, sessionId, Date.now()) // true when there was such a session
 */
export function expireSession(db: Db, app_sessionid: string, now: number): boolean {
  if (!SESSION_ID_PATTERN.test(app_sessionid)) return false;
  return db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ? AND expires_at > ?').run(now, hash(app_sessionid), now).changes > 0;
}

/**
 * Forgets sessions that expired more than a day ago. The day keeps a just-expired session answering
 * `loginExpired` (sign in again) rather than `notLoggedIn` while its page is still open.
 * @example sweepSessions(db, Date.now()) // how many rows went
 */
export function sweepSessions(db: Db, now: number): number {
  return Number(db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now - DAY_MS).changes);
}

/** Whether an expired (not yet swept) session has this id: it answers loginExpired, an unknown one notLoggedIn. */
export function wasSession(db: Db, app_sessionid: string): boolean {
  if (!SESSION_ID_PATTERN.test(app_sessionid)) return false;
  return db.prepare('SELECT 1 FROM sessions WHERE id_hash = ?').get(hash(app_sessionid)) !== undefined;
}

/**
 * Who a request speaks for: the owner of the live session `app_sessionid`, or why not, as the refusal
 * to answer with. The request must also carry the host's uid, and it must be the session's: a
 * session alone, or under another uid, is one that reached the page some other way, such as
 * an `?app_sessionid=` planted in a link, and the page would act as its owner. Used by every path
 * that needs a user: the sealed API, uploads, tracking.
 * @example const who = sessionUser(db, sessionId, '10001', Date.now()); if ('failure' in who) throw who.failure
 */
export function sessionUser(db: Db, app_sessionid: string, claimedUid: string | undefined, now: number): { uid: string } | { failure: ApiFailure } {
  const session = app_sessionid ? findSession(db, app_sessionid, now) : null;
  if (!session) return { failure: app_sessionid && wasSession(db, app_sessionid) ? new ApiFailure('loginExpired', 401) : new ApiFailure('notLoggedIn', 403) };
  if (claimedUid !== session.uid) return { failure: new ApiFailure('notLoggedIn', 403) };
  return { uid: session.uid };
}
