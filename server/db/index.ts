/**
 * The reference database: SQLite through node:sqlite in a file under DATA_DIR (default `.data/`),
 * schema migrated on open, seeded once: the catalogue always, the demo data only when asked
 * (server/db/seed.ts says which is which). A restart keeps what users did; `npm run db:reset` starts over.
 * Only the server's own account may read it: the directory is 0700, the database and its -wal and
 * -shm files 0600, and the secret codes are hashed under (server/db/secret.ts) lives beside it, 0600.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations';
import { attachSecret, loadSecret } from './secret';
import { SEEDS } from './seed';

export type Db = DatabaseSync;

/**
 * Opens (creating if needed) the database in `dataDir`, applies pending migrations and their seeds,
 * which date what they make from `now` (the server's clock: a test's own clock seeds its data too).
 * `demo` adds the development data (demo accounts, redeem codes…) as the migrations that make their
 * tables are applied, so a database made without it stays without. Off by default: a start that
 * forgets to ask gets no codes anyone can read in docs/api.md. `:memory:` gives a throwaway database.
 * @example const db = openDb('.data', { demo: true }) // npm start
 * @example const db = openDb('/var/lib/music-h5') // npm run start:release: the catalogue only
 */
export function openDb(dataDir: string, { now = Date.now, demo = false }: { now?: () => number; demo?: boolean } = {}): Db {
  const file = dataDir === ':memory:' ? ':memory:' : ownerOnlyFile(dataDir);
  // Before the database opens: a secret that cannot be read stops the start with nothing left open.
  const secret = loadSecret(dataDir);
  const db = new DatabaseSync(file);
  // WAL with synchronous=NORMAL: consistent after a crash, one fsync per checkpoint instead of per
  // request (the nonce guard writes on every request).
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000;');
  // SQLite gives -wal and -shm the database file's mode; these left by an older run may be looser.
  if (file !== ':memory:') for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) chmodSync(extra, 0o600);
  attachSecret(db, secret);
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version)),
  );
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    // Schema and its seed data land together or not at all.
    db.exec('BEGIN');
    try {
      db.exec(migration.sql);
      SEEDS[migration.version]?.catalogue?.(db, now());
      if (demo) SEEDS[migration.version]?.demo?.(db, now());
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, Date.now());
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return db;
}

/**
 * `<dataDir>/app.db`, made (or tightened) to owner-only before SQLite opens it: the directory 0700,
 * the file 0600. Created here rather than by SQLite, which would use the process umask (usually
 * world-readable); SQLite then creates -wal and -shm with the file's mode.
 */
function ownerOnlyFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = join(dataDir, 'app.db');
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  return file;
}

/** The schema version of an open database. */
export function schemaVersion(db: Db): number {
  return Number(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()?.v ?? 0);
}
