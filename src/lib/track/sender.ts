/**
 * Puts a batch on the wire: `fetch` while the page lives, `sendBeacon` when it is going away.
 */
import type { CommonFields } from './common';
import type { TrackItem } from './queue';

export interface Payload {
  common: CommonFields;
  events: TrackItem[];
}

/** The part of `fetch` the sender uses; tests pass a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<{ ok: boolean; status?: number }>;
/** `navigator.sendBeacon`'s shape. */
export type BeaconLike = (url: string, data: Blob) => boolean;

// A request that hangs this long on a bad mobile network counts as failed, so it cannot hold up every
// later batch (sends are serial). Far below the API's 10 minutes: tracking is not worth the wait.
export const SEND_TIMEOUT_MS = 30_000;

/**
 * How a send ended:
 * - `sent`: 2xx, the server has every event (or had it already);
 * - `refused`: the server will never take this batch as it is (400, 413, 422: malformed, too large,
 *   outside the contract), so sending it again cannot help;
 * - `signedOut`: 401 or 403, the batch's session is not a live one; a later send under another
 *   session (after a sign-in) can succeed;
 * - `failed`: anything else (a network error, a timeout, 408, 429, 5xx): the same batch may go later.
 */
export type SendOutcome = 'sent' | 'refused' | 'signedOut' | 'failed';

const REFUSED = new Set([400, 413, 422]);

/**
 * POSTs one batch as JSON and says how it ended (SendOutcome).
 * @example await postBatch(fetch, '/api/track', { common, events }) // 'sent'
 */
export async function postBatch(fetchFn: FetchLike, endpoint: string, payload: Payload, timeoutMs = SEND_TIMEOUT_MS): Promise<SendOutcome> {
  // eslint-disable-next-line compat/compat -- checked for first: without AbortController (Chromium 66) the timer alone ends the wait
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<SendOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller?.abort();
      resolve('failed');
    }, timeoutMs);
  });
  // Inside then(): a fetch that throws synchronously (a bad URL) is a failure like any other.
  const request = Promise.resolve()
    .then(() =>
      fetchFn(endpoint, {
        method: 'POST',
        // keepalive: a batch sent just before the user leaves still arrives.
        keepalive: true,
        body: JSON.stringify(payload),
        // text/plain, as the beacon sends it: Chromium below 81 refuses a keepalive request that would
        // need a CORS preflight, and application/json would, even to its own origin. The body is JSON all
        // the same, and the server reads it as such (server/api/track.ts).
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        ...(controller ? { signal: controller.signal } : {}),
      }),
    )
    .then(outcome, (): SendOutcome => 'failed');
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function outcome({ ok, status = 0 }: { ok: boolean; status?: number }): SendOutcome {
  if (ok) return 'sent';
  if (REFUSED.has(status)) return 'refused';
  return status === 401 || status === 403 ? 'signedOut' : 'failed';
}

/**
 * Hands one batch to the browser to send after the page is gone. False when the browser refuses
 * (its keepalive quota, ~64 KB, is used up) or has no sendBeacon.
 * @example beaconBatch(navigator.sendBeacon.bind(navigator), '/api/track', { common, events }) // true
 */
export function beaconBatch(sendBeacon: BeaconLike | undefined, endpoint: string, payload: Payload): boolean {
  if (!sendBeacon) return false;
  try {
    // text/plain is CORS-safelisted: a beacon to an API host on another origin needs no preflight,
    // which a beacon cannot make. The body is the same JSON as the fetch; the server parses it as such.
    return sendBeacon(endpoint, new Blob([JSON.stringify(payload)], { type: 'text/plain;charset=UTF-8' }));
  } catch {
    return false;
  }
}

/**
 * The browser's sendBeacon, bound to navigator, or undefined where there is none.
 * @example beaconBatch(browserBeacon(), '/api/track', payload)
 */
export function browserBeacon(): BeaconLike | undefined {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined;
}
