/**
 * Development only: the stand-in for the SMS and e-mail gateway. The database keeps a verification
 * code only as its HMAC (server/api/codes.ts), which cannot be read back; the development routes
 * that play the user's inbox (`/api/dev/feedback-code`, `/api/dev/export-code`) read the plain code
 * from here instead. It lives in this process's memory only, never in the database or a file, and
 * holds at most MAILBOX_MAX codes per database (the oldest go first), so a flood of sends cannot
 * grow it without end. A restart empties it: the codes still verify, the inbox has just forgotten them.
 */
import type { DatabaseSync } from 'node:sqlite';

/** Codes remembered per database: far more users than any test or demo has in ten minutes. */
export const MAILBOX_MAX = 1_000;

export interface Delivered {
  code: string;
  /** The contact it went to, as the limits count it (codes.ts, targetKey). */
  target: string;
}

const boxes = new WeakMap<DatabaseSync, Map<string, Delivered>>();
const keyOf = (purpose: string, uid: string) => `${purpose}\0${uid}`;

/**
 * What the gateway delivers: the last code for (purpose, user) replaces the one before.
 * @example deliver(db, 'feedback', '10001', { code: '042917', target: 'me@example.com' })
 */
export function deliver(db: DatabaseSync, purpose: string, uid: string, message: Delivered): void {
  let box = boxes.get(db);
  if (!box) boxes.set(db, (box = new Map()));
  const key = keyOf(purpose, uid);
  // Delete first, so a re-sent code moves to the newest end and the oldest is what gets dropped.
  box.delete(key);
  box.set(key, message);
  while (box.size > MAILBOX_MAX) box.delete(box.keys().next().value!);
}

/**
 * The last code delivered for (purpose, user), whether or not it is still valid (the caller checks).
 * @example lastDelivered(db, 'export', '10001')?.code // '042917'
 */
export function lastDelivered(db: DatabaseSync, purpose: string, uid: string): Delivered | undefined {
  return boxes.get(db)?.get(keyOf(purpose, uid));
}
