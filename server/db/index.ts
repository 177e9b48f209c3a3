/**
 * The reference database: SQLite through node:sqlite in a file under DATA_DIR (default `.data/`),
 * schema migrated on open, seeded once. A restart keeps what users did; `npm run db:reset` starts over.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations';
import { SEEDS } from './seed';

export type Db = DatabaseSync;

/**
 * Opens (creating if needed) the database in `dataDir`, applies pending migrations and their seeds.
 * `:memory:` gives a throwaway database for tests.
 * @example const db = openDb('.data')
 */
export function openDb(dataDir: string): Db {
  const file = dataDir === ':memory:' ? ':memory:' : (mkdirSync(dataDir, { recursive: true }), join(dataDir, 'app.db'));
  const db = new DatabaseSync(file);
  // WAL with synchronous=NORMAL: consistent after a crash, one fsync per checkpoint instead of per
  // request (the nonce guard writes on every request).
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000;');
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').all().map((row) => Number(row.version)));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    // Schema and its seed data land together or not at all.
    db.exec('BEGIN');
    try {
      db.exec(migration.sql);
      SEEDS[migration.version]?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, Date.now());
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return db;
}

/** The schema version of an open database. */
export function schemaVersion(db: Db): number {
  return Number(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()?.v ?? 0);
}
