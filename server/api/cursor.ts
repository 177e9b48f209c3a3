/**
 * The paging cursor of every list the API pages (coin records, feedback): base64url of
 * `<sort key>:<row id>`, the last row of the page before. Opaque to the client; anything that is not
 * such a string is refused with badRequest.
 */
import { ApiFailure } from './failure';

/** @example writeCursor(1700000000000, 't-1') */
export const writeCursor = (key: number, id: string) => Buffer.from(`${key}:${id}`, 'utf8').toString('base64url');

/** @example readCursor(writeCursor(5, 'a')) // { key: 5, id: 'a' } */
export function readCursor(cursor: string): { key: number; id: string } {
  const malformed = new ApiFailure('badRequest', 422, 'Malformed cursor.');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw malformed;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,16}):(.{1,64})$/s.exec(text);
  // Re-encoding must give the cursor back: no trailing bits, no bytes that were not UTF-8.
  if (!match || Buffer.from(text, 'utf8').toString('base64url') !== cursor) throw malformed;
  return { key: Number(match[1]), id: match[2]! };
}
