/**
 * The sealed side of the API client, one chunk the client loads with its first sealed request: the
 * seal (./cipher.ts), and the answers of the page's first reads, which ./first-reads.ts sends at the first
 * paint and keeps here for the client to take (`takeFirstRead`), each once. No import from core: on a
 * page with first reads it runs before core is in.
 */
import { sealRequest } from './cipher';

export { sealRequest };

/**
 * How long an answer nobody has taken is kept: the first screen's models ask within seconds of the
 * paint; a model that asks later sends its read afresh, so nothing shows as current that is old.
 */
export const KEEP_MS = 30_000;

/** Who asks, as the client sends it. */
export type Who = { uid: string; app_sessionid: string };

// The answers on their way or in, by readKey; each taken once.
const answers: Record<string, Promise<Response>> = {};

/**
 * What names one read for both sides: the path, who asks (a public read is anyone's), and the body
 * with its keys in order (the models write them in their own order).
 * @example readKey('/api/vip/status', {}, { uid: '10001', app_sessionid: 's' }) // '/api/vip/status 10001 s {}'
 */
export function readKey(path: string, body: object, who: Who | null): string {
  const keys = Object.keys(body).sort();
  return [path, who ? who.uid : '', who ? who.app_sessionid : '', JSON.stringify(body, keys)].join(' ');
}

/**
 * Keeps the answer of a read sent ahead, for KEEP_MS.
 * @example keepFirstRead('/api/music/quota', {}, who, fetch(…))
 */
export function keepFirstRead(path: string, body: object, who: Who | null, answer: Promise<Response>): void {
  const key = readKey(path, body, who);
  // Taken or not, a failure here is the model's to see (it sends the read again): never unhandled.
  answer.catch(() => undefined);
  answers[key] = answer;
  setTimeout(() => answers[key] === answer && delete answers[key], KEEP_MS);
}

/**
 * The answer of a first read for this same request (path, body, and who asks: null for a public
 * endpoint), once; undefined when none was sent, or it was taken, or it is older than KEEP_MS.
 * @example const early = takeFirstRead('/api/music/quota', {}, { uid: '10001', app_sessionid: 's' })
 */
export function takeFirstRead(path: string, body: object, who: Who | null): Promise<Response> | undefined {
  const key = readKey(path, body, who);
  const answer = answers[key];
  delete answers[key];
  return answer;
}

/**
 * For tests: forgets the answers kept.
 * @example afterEach(forgetFirstReads)
 */
export function forgetFirstReads(): void {
  for (const key of Object.keys(answers)) delete answers[key];
}
