/**
 * Six-digit verification codes (the feedback code, the personal-data export code) and the limits
 * that keep them from being guessed or used to flood someone's phone:
 *
 * - a code is stored only as HMAC-SHA-256 under the server's secret (server/db/secret.ts), over the
 *   purpose, the user, the contact and the code, and compared in constant time;
 * - a code takes CODE_LIMITS.wrongMax wrong tries: the last of them, and every try after it (even the
 *   right code), is refused with `codeVoid` 429 until a new code is sent;
 * - codes go to one contact at most once a minute and CODE_LIMITS.perTargetPerDay times in 24 hours,
 *   whoever asks; one user asks at most once a minute and CODE_LIMITS.perUserPerDay times in 24 hours.
 *   Too soon is `codeTooSoon` 429, too many `codeLimit` 429.
 *
 * docs/api.md (Help and feedback, Personal data) describes the same for callers.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { keyedHash } from '../db/secret';
import { transaction } from '../db/transaction';
import { targetKey } from './contact-key';
import { deliver, lastDelivered } from './dev-mailbox';
import { ApiFailure } from './failure';
import { DAY } from '../time';

export type CodePurpose = 'feedback' | 'export';

export const CODE_LIMITS = {
  /** A code works for ten minutes after it is sent. */
  validSeconds: 10 * 60,
  /** Wrong tries a code takes; the last one voids it. Five leave a guesser 5 in 1,000,000 per code. */
  wrongMax: 5,
  /** Seconds between two codes to one contact, or asked for by one user. */
  resendSeconds: 60,
  /** Codes one contact receives in 24 hours, whoever asks: a typo or two and a retry, not a flood. */
  perTargetPerDay: 5,
  /** Codes one user may ask for in 24 hours, to any contacts: no spraying codes at many numbers. */
  perUserPerDay: 10,
} as const;

const hashOf = (db: Db, purpose: CodePurpose, uid: string, target: string, code: string) => keyedHash(db, 'code', purpose, uid, target, code);

/** The refusal for a send to `target` asked by `uid` now, or null when it may go. */
function sendRefusal(db: Db, uid: string, target: string, nowSec: number): ApiFailure | null {
  const since = nowSec - DAY;
  const byTarget = db.prepare('SELECT COUNT(*) AS n, MAX(sent_at) AS last FROM code_sends WHERE target = ? AND sent_at > ?').get(target, since)!;
  const byUser = db.prepare('SELECT COUNT(*) AS n, MAX(sent_at) AS last FROM code_sends WHERE uid = ? AND sent_at > ?').get(uid, since)!;
  // The day's cap first: waiting a minute would not help, so the message must say so.
  if (Number(byTarget.n) >= CODE_LIMITS.perTargetPerDay || Number(byUser.n) >= CODE_LIMITS.perUserPerDay) return new ApiFailure('codeLimit', 429);
  const recent = (last: unknown) => last !== null && nowSec - Number(last) < CODE_LIMITS.resendSeconds;
  if (recent(byTarget.last) || recent(byUser.last)) return new ApiFailure('codeTooSoon', 429);
  return null;
}

/**
 * Sends a new code for (purpose, user) to `contact`, replacing the user's last one for that purpose,
 * unless a limit refuses it (throws `codeTooSoon` or `codeLimit`, 429). The limits count the phone or
 * inbox the contact reaches (./contact-key.ts: a national phone number in `region`, the app's
 * `dev_region`). The database keeps only its HMAC; the plain code goes to the gateway (in
 * development, the in-memory dev-mailbox).
 * @returns the plain code, as the gateway delivered it
 * @example sendCode(db, 'feedback', '10001', 'me@example.com', nowSec) // '042917'
 */
export function sendCode(db: Db, purpose: CodePurpose, uid: string, contact: string, nowSec: number, region?: string): string {
  const target = targetKey(contact, region);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  transaction(db, () => {
    const refusal = sendRefusal(db, uid, target, nowSec);
    if (refusal) throw refusal;
    // Only the last day counts: older sends go, by whichever send comes first.
    db.prepare('DELETE FROM code_sends WHERE sent_at <= ?').run(nowSec - DAY);
    db.prepare('INSERT INTO code_sends (purpose, uid, target, sent_at) VALUES (?, ?, ?, ?)').run(purpose, uid, target, nowSec);
    db.prepare(
      `INSERT INTO verification_codes (purpose, uid, target, code_hash, sent_at, expires_at, wrong) VALUES (?, ?, ?, ?, ?, ?, 0)
       ON CONFLICT (purpose, uid) DO UPDATE SET target = excluded.target, code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, wrong = 0`,
    ).run(purpose, uid, target, hashOf(db, purpose, uid, target, code), nowSec, nowSec + CODE_LIMITS.validSeconds);
  });
  deliver(db, purpose, uid, { code, target });
  return code;
}

/**
 * Checks the code typed for (purpose, user) and the contact it was typed with. The right code (sent
 * to that contact, unexpired, not void) is used up and null comes back; otherwise the refusal:
 * `codeError` 422 (none sent, expired, used, wrong, another contact) or `codeVoid` 429 (this wrong try
 * was the last the code takes, or it was void already). It writes the try count, so call it where
 * that write lands even when the caller then refuses: return the refusal out of the transaction and
 * throw it after.
 * @example const refusal = verifyCode(db, 'export', uid, email, typed, nowSec)
 */
export function verifyCode(db: Db, purpose: CodePurpose, uid: string, contact: string, typed: string, nowSec: number, region?: string): ApiFailure | null {
  const row = db.prepare('SELECT code_hash, wrong FROM verification_codes WHERE purpose = ? AND uid = ? AND expires_at > ?').get(purpose, uid, nowSec);
  if (!row) return new ApiFailure('codeError', 422);
  if (Number(row.wrong) >= CODE_LIMITS.wrongMax) return new ApiFailure('codeVoid', 429);
  const stored = Buffer.from(row.code_hash as Uint8Array);
  if (timingSafeEqual(stored, hashOf(db, purpose, uid, targetKey(contact, region), typed.trim()))) {
    db.prepare('DELETE FROM verification_codes WHERE purpose = ? AND uid = ?').run(purpose, uid);
    return null;
  }
  const wrong = Number(row.wrong) + 1;
  db.prepare('UPDATE verification_codes SET wrong = ? WHERE purpose = ? AND uid = ?').run(wrong, purpose, uid);
  return wrong >= CODE_LIMITS.wrongMax ? new ApiFailure('codeVoid', 429) : new ApiFailure('codeError', 422);
}

/**
 * Development: the code the user's inbox holds for (purpose, user) while it still works (sent,
 * unexpired, unused, not void), read from the in-memory dev-mailbox and checked against the stored
 * HMAC, since the database cannot give it back.
 * @example codeInMailbox(db, 'feedback', '10001', nowSec) // '042917' or undefined
 */
export function codeInMailbox(db: Db, purpose: CodePurpose, uid: string, nowSec: number): string | undefined {
  const delivered = lastDelivered(db, purpose, uid);
  const row = db.prepare('SELECT target, code_hash, wrong FROM verification_codes WHERE purpose = ? AND uid = ? AND expires_at > ?').get(purpose, uid, nowSec);
  if (!delivered || !row || Number(row.wrong) >= CODE_LIMITS.wrongMax) return undefined;
  const stored = Buffer.from(row.code_hash as Uint8Array);
  return timingSafeEqual(stored, hashOf(db, purpose, uid, String(row.target), delivered.code)) ? delivered.code : undefined;
}
