/**
 * The paging cursor of every list the API pages (coin records, feedback): base64url of
 * `<sort key>:<row id>`, the last row of the page before. Opaque to the client; anything that is not
 * such a string is refused with badRequest.
 */
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { Db } from '../db';
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

/**
 * One page of a list, newest first by `key` then `id` (both descending, so rows created meanwhile
 * never shift a page): at most `limit` rows strictly after the cursor, and the cursor of the next
 * page, or null after the last one (also when the last page is exactly full).
 * @param select a `SELECT … WHERE …` of the list, its `?` filled by `params`
 * @param columns the sort columns as the query names them (`d.created_at`); the rows carry the last part
 * @example pageRows(db, 'SELECT * FROM feedback WHERE uid = ?', [uid], body.cursor, body.limit)
 */
export function pageRows(
  db: Db,
  select: string,
  params: SQLInputValue[],
  cursor: string | null,
  limit: number,
  columns: { key: string; id: string } = { key: 'created_at', id: 'id' },
): { rows: Record<string, SQLOutputValue>[]; next: string | null } {
  const { key, id } = columns;
  const after = cursor === null ? null : readCursor(cursor);
  const order = `ORDER BY ${key} DESC, ${id} DESC LIMIT ?`;
  // One more than the page: whether it exists says whether there is a next page.
  const rows = after
    ? db.prepare(`${select} AND (${key} < ? OR (${key} = ? AND ${id} < ?)) ${order}`).all(...params, after.key, after.key, after.id, limit + 1)
    : db.prepare(`${select} ${order}`).all(...params, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const field = (column: string) => column.split('.').pop()!;
  return { rows: page, next: rows.length > limit && last ? writeCursor(Number(last[field(key)]), String(last[field(id)])) : null };
}
