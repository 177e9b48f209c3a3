/** Random ids (spec §9: "random 32-character id"), e.g. for tracking items the server dedups by. */

// Letters and digits only, so an id survives URLs, JSON, file names and logs without escaping.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 62 × 4 = 248: bytes at or above it are skipped, so every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248;
// crypto.getRandomValues refuses more than 65,536 bytes per call.
const MAX_CHUNK = 65_536;

/**
 * A cryptographically random alphanumeric id (`crypto.getRandomValues`, never `Math.random`).
 * @example randomId() // 'q3ZrT0aKx9…' (32 characters)
 * @example randomId(8) // 'Vb72mQaz'
 */
export function randomId(length = 32): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`randomId: bad length ${length}`);
  let id = '';
  while (id.length < length) {
    // A few spare bytes cover the ~3% that the bias check throws away.
    const bytes = crypto.getRandomValues(new Uint8Array(Math.min(MAX_CHUNK, length - id.length + 8)));
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && id.length < length) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

/**
 * An id of content (a song, a comment, a feedback) as the app and the backend write them, checked
 * before it reaches a request: the host and the query are untrusted.
 * @example isContentId('s01') // true
 * @example isContentId('<b>') // false
 */
export const isContentId = (id: unknown): id is string => typeof id === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(id);
