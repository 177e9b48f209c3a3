/**
 * The server's secret: the key under which verification codes (and other values worth guessing) are
 * stored as HMAC-SHA-256, so that a copy of app.db alone does not give them away. It lives outside
 * the database, in `<dataDir>/secret` (32 random bytes, mode 0600, created on first start); a
 * production backend keeps it in its secret store instead. A `:memory:` database gets a key drawn
 * once per process: nothing it holds outlives the process anyway.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';

/** Bytes of key: the HMAC-SHA-256 block gains nothing from more, and fewer would weaken it. */
export const SECRET_BYTES = 32;
/** The file name inside the data directory. */
export const SECRET_FILE = 'secret';

const PROCESS_SECRET = randomBytes(SECRET_BYTES);
const secrets = new WeakMap<DatabaseSync, Buffer>();

/**
 * The secret of a data directory: read from `<dataDir>/secret`, or created there (mode 0600) on first
 * use. A file of the wrong size is refused rather than replaced: it was written by something else.
 * @example loadSecret('.data').length // 32
 */
export function loadSecret(dataDir: string): Buffer {
  if (dataDir === ':memory:') return PROCESS_SECRET;
  const file = join(dataDir, SECRET_FILE);
  try {
    // 'wx': never overwrite a secret another process wrote a moment ago.
    writeFileSync(file, randomBytes(SECRET_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A secret copied in by hand (or written under a loose umask) is tightened to the owner.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file);
  if (secret.length !== SECRET_BYTES) throw new Error(`${file} holds ${secret.length} bytes, not ${SECRET_BYTES}: move it away to start with a new secret`);
  return secret;
}

/**
 * Ties a database to its secret (openDb does this), so code that only holds the database can hash.
 * @example attachSecret(db, loadSecret(dataDir))
 */
export function attachSecret(db: DatabaseSync, secret: Buffer): void {
  secrets.set(db, secret);
}

/**
 * HMAC-SHA-256 of `parts` (joined by NUL, which no part contains) under the database's secret.
 * @example keyedHash(db, 'feedback', '10001', 'me@example.com', '123456') // 32 bytes
 */
export function keyedHash(db: DatabaseSync, ...parts: string[]): Buffer {
  const secret = secrets.get(db);
  if (!secret) throw new Error('This database has no secret: open it with openDb');
  return createHmac('sha256', secret).update(parts.join('\0')).digest();
}
