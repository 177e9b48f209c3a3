/**
 * The sealed side of the API client, one chunk: the seal (./cipher.ts), and a signed-in page's first
 * reads (./first-reads.ts). The island directive runs this chunk at the first paint, with the islands'
 * chunks (src/components/shell/painted.ts), and it sends those reads as it runs, so they are on the way
 * while the islands load; the client imports it before each of a signed-in page's requests and takes
 * the answer of the same read from it (`takeFirstRead`). No import from core: it runs before core is in.
 */
import { ID, firstReads, hostText, readKey, routeOf, timeZoneOf, type PageValue } from './first-reads';
import { sealRequest } from './cipher';

export { sealRequest };

/** src/shared/api/endpoint.ts's WIRE_VERSION, which this chunk cannot import (seal.test.ts compares). */
export const WIRE_VERSION = 2;
/**
 * How long an answer nobody has taken is kept: the first screen's models ask within seconds of the
 * paint; a model that asks later sends its read afresh, so nothing shows as current that is old.
 */
export const KEEP_MS = 30_000;

type Who = { uid: string; app_sessionid: string };
type Host = { getAppBaseInfo?: () => unknown };
/** The page the reads are for, as this chunk reads it (a test passes its own). */
export type FirstReadPage = Pick<Window, 'document' | 'localStorage' | 'location' | 'crypto'> & { NativeBridge?: Host };

// The answers on their way or in, by readKey; each taken once.
const answers: Record<string, Promise<Response>> = {};
let started = false;

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

function ask(host: Host | undefined): Record<string, unknown> {
  try {
    const info: unknown = JSON.parse(String(host!.getAppBaseInfo!()));
    return info && typeof info == 'object' ? (info as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** 32 characters of randomness, as the wire's nonce is (the client's randomId, which is in core). */
function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte + 256).toString(16).slice(1)).join('');
}

/**
 * Sends the route's first reads, once per page. Nothing when the shell did not find the user signed
 * in, or where Web Crypto is missing (the libraries' seal is too heavy to fetch ahead).
 * @example startFirstReads(window) // on /download: the quota and the first page of downloads, on their way
 */
export function startFirstReads(win: FirstReadPage): void {
  const doc = win.document;
  if (started || doc.documentElement.dataset.session != 'signed-in' || !(win.crypto && win.crypto.subtle)) return;
  started = true;
  const base = ask(win.NativeBridge);
  let session = '';
  try {
    session = win.localStorage.getItem('app_sessionid') || '';
  } catch {
    // Storage refused: the client reads no session either, and the server answers both alike.
  }
  const who: Who = { uid: hostText(base.uid), app_sessionid: session };
  const valueOf = (name: PageValue): string | null => {
    if (name == 'region') return hostText(base.dev_region);
    if (name == 'locale') return doc.documentElement.lang;
    if (name == 'timeZone') return timeZoneOf(hostText(base.dev_timezone));
    const id = new URLSearchParams(win.location.search).get('id');
    return id && ID.test(id) ? id : null;
  };
  const host = ((import.meta.env.PUBLIC_API_HOST as string | undefined) ?? '').replace(/\/+$/, '');
  for (const { path, body, open } of firstReads(routeOf(win.location.pathname), valueOf)) {
    const fields = open
      ? Promise.resolve({ request: JSON.stringify(body) })
      : sealRequest({ ...body, v: WIRE_VERSION, path, uid: who.uid, app_sessionid: who.app_sessionid, ts: Date.now(), nonce: nonce() }).then((sealed) => ({
          ...sealed,
        }));
    const key = readKey(path, body, open ? null : who);
    // Sent as the client sends it (./client.ts `post`: no credentials, so on connections of their own).
    const answer = fields.then((form) => fetch(host + path, { method: 'POST', body: new URLSearchParams(form), credentials: 'omit' }));
    // Taken or not, a failure here is the model's to see (it sends the read again): never unhandled.
    answer.catch(() => undefined);
    answers[key] = answer;
    setTimeout(() => answers[key] === answer && delete answers[key], KEEP_MS);
  }
}

// Not in a test's Node, where nothing has painted.
if (typeof window != 'undefined') startFirstReads(window);

/**
 * For tests: forgets the reads sent and taken, so the next start sends again.
 * @example afterEach(resetFirstReads)
 */
export function resetFirstReads(): void {
  started = false;
  for (const key of Object.keys(answers)) delete answers[key];
}
