/** One write transaction around a piece of work; its own module so area code can use it without importing the database opener. */
import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction: all of it lands, or none (an exception rolls it back).
 * @example transaction(db, () => { markPaid(); credit(); })
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
