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
export type FetchLike = (url: string, init: RequestInit) => Promise<{ ok: boolean }>;
/** `navigator.sendBeacon`'s shape. */
export type BeaconLike = (url: string, data: Blob) => boolean;

// A request that hangs this long on a bad mobile network counts as failed, so it cannot hold up every
// later batch (sends are serial). Far below the API's 10 minutes: tracking is not worth the wait.
export const SEND_TIMEOUT_MS = 30_000;

/**
 * POSTs one batch as JSON. True only for a 2xx answer; a network error, a timeout or any other
 * status is false, so the caller keeps the items.
 * @example await postBatch(fetch, '/api/track', { common, events }) // true
 */
export async function postBatch(fetchFn: FetchLike, endpoint: string, payload: Payload, timeoutMs = SEND_TIMEOUT_MS): Promise<boolean> {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      controller?.abort();
      resolve(false);
    }, timeoutMs);
  });
  // Inside then(): a fetch that throws synchronously (a bad URL) is a failure like any other.
  const request = Promise.resolve().then(() => fetchFn(endpoint, {
    method: 'POST',
    // keepalive: a batch sent just before the user leaves still arrives.
    keepalive: true,
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    ...(controller ? { signal: controller.signal } : {}),
  })).then((response) => response.ok, () => false);
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
  const nav = globalThis.navigator;
  return typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined;
}
