/**
 * The tracking scheduler (spec §7, §9): batches of up to 20, sent 2 s after the first queued item,
 * retried with back-off until the server takes them, and beaconed on `pagehide`. Only the server's
 * answer to a fetch removes items: 2xx (it has them), or a refusal of the batch itself (400, 413,
 * 422: it never will). A beacon may be lost unseen, so beaconed items stay stored and the next page
 * sends them again (each has a random id the server stores once).
 */
import { TRACK_BATCH_SIZE, TRACK_DELAY_MS } from '../../shared/limits';
import { readCommon, type CommonFields, type CommonProvider } from './common';
import { browserStorage, createItem, createQueueStore, isTrackKind, type TrackItem, type TrackProps } from './queue';
import { TRACK_BODY_MAX_BYTES, type TrackKind } from '../../shared/track/rules';
import { beaconBatch, browserBeacon, postBatch, type BeaconLike, type FetchLike, type Payload } from './sender';

export const BATCH_SIZE = TRACK_BATCH_SIZE;
export const BATCH_DELAY_MS = TRACK_DELAY_MS;
export const RETRY_MAX_MS = 60_000;
export const DEFAULT_ENDPOINT = '/api/track';

export interface TrackingConfig {
  endpoint?: string;
  common?: CommonProvider;
}

export interface TrackerOptions extends TrackingConfig {
  /** Default: `localStorage` where it can be used, else memory. */
  storage?: Storage | null;
  fetch?: FetchLike;
  sendBeacon?: BeaconLike;
  /** Where `pagehide` and `online` are heard; default `window`. */
  events?: EventTarget | null;
  now?: () => number;
}

export interface Tracker {
  track(kind: TrackKind, name: string, props?: TrackProps): void;
  /** Sends everything queued now, batch after batch; resolves when done or after a failure. */
  flush(): Promise<void>;
  /** Beacons what is not already on its way (the `pagehide` path); it stays stored until confirmed. */
  flushBeacon(): void;
  configure(config: TrackingConfig): void;
  /** Items queued and not yet confirmed by the server. */
  size(): number;
  /** Removes listeners and timers; the stored queue stays for the next page. */
  stop(): void;
}

/**
 * A tracker over a stored queue. Items already stored (from the last page) go out 2 s after start.
 * @example const tracker = createTracker({ endpoint: '/api/track', common: defaultCommon }); tracker.track('click', 'vip.buy')
 */
export function createTracker(options: TrackerOptions = {}): Tracker {
  const queue = createQueueStore(options.storage === undefined ? browserStorage() : options.storage);
  // The page's fetch as it is now, called with no receiver (a global function then acts on the global object).
  const pageFetch = typeof fetch === 'function' ? fetch : undefined;
  const fetchFn: FetchLike | undefined = options.fetch ?? (pageFetch && ((url, init) => pageFetch(url, init)));
  const sendBeacon = options.sendBeacon ?? browserBeacon();
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  const now = options.now ?? (() => Date.now());
  let config = { endpoint: options.endpoint ?? DEFAULT_ENDPOINT, common: options.common ?? (() => ({})) };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let chain = Promise.resolve();
  let stopped = false;
  // Ids on their way by fetch, ids the server has confirmed (never sent again from here), and ids
  // this page has beaconed (not beaconed twice; still sent by fetch if the page lives on).
  const inFlight = new Set<string>();
  const sent = new Set<string>();
  const beaconed = new Set<string>();

  // The session the server last answered 401/403 for: batches wait until the page has another one.
  let refusedSession: string | undefined;

  const unsent = () => queue.read().filter((item) => !sent.has(item.id));
  const encoder = new TextEncoder();
  const byteLength = (value: unknown) => encoder.encode(JSON.stringify(value)).byteLength;

  /**
   * The next batch from `items`: up to BATCH_SIZE, and no more than the server takes in one body
   * (TRACK_BODY_MAX_BYTES), always at least one. Each item's JSON adds its own bytes and a comma.
   */
  function nextBatch(items: TrackItem[]): Payload {
    const common = readCommon(config.common);
    const events: TrackItem[] = [];
    let size = byteLength({ common, events });
    for (const item of items.slice(0, BATCH_SIZE)) {
      size += byteLength(item) + (events.length ? 1 : 0);
      if (events.length && size > TRACK_BODY_MAX_BYTES) break;
      events.push(item);
    }
    return { common, events };
  }

  // No session (a page outside the app, or before its sign-in) is refused as surely: the server stores
  // events under the session's user, and answers 403 to a batch with none, a wasted request and an
  // error in the console of every visit from outside the app.
  const sessionRefused = (common: CommonFields) => !common.app_sessionid || (refusedSession !== undefined && common.app_sessionid === refusedSession);

  function schedule(delay: number, reset = false): void {
    if (stopped || (timer !== undefined && !reset)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  /** The server has these items, or never will take them: they leave the queue for good. */
  function settle(batch: TrackItem[]): void {
    for (const item of batch) sent.add(item.id);
    queue.write(unsent());
  }

  function retryLater(): void {
    failures += 1;
    // 2 s, 4 s, 8 s … 60 s; later items wait too rather than hammer a server that is down.
    schedule(Math.min(BATCH_DELAY_MS * 2 ** (failures - 1), RETRY_MAX_MS), true);
  }

  // Sends the items queued when it starts; later items have their own 2 s timer.
  async function drain(): Promise<void> {
    const due = new Set(queue.read().map((item) => item.id));
    while (!stopped && fetchFn) {
      const payload = nextBatch(unsent().filter((item) => due.has(item.id) && !inFlight.has(item.id)));
      const batch = payload.events;
      if (!batch.length) return;
      // Still the session the server refused: asking again would be refused again. A sign-in stores
      // a new one, which the next retry picks up.
      if (sessionRefused(payload.common)) return retryLater();
      for (const item of batch) inFlight.add(item.id);
      const outcome = await postBatch(fetchFn, config.endpoint, payload);
      for (const item of batch) inFlight.delete(item.id);
      if (outcome === 'signedOut') refusedSession = payload.common.app_sessionid;
      if (outcome === 'signedOut' || outcome === 'failed') return retryLater();
      failures = 0;
      if (outcome === 'sent') refusedSession = undefined;
      // 'refused': the same batch would be refused forever, and would hold up every item behind it.
      settle(batch);
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // One drain at a time, in order; a bug in one must not block the ones after it.
    chain = chain.then(drain).catch(() => undefined);
    return chain;
  }

  function flushBeacon(): void {
    const pending = unsent().filter((item) => !inFlight.has(item.id) && !beaconed.has(item.id));
    for (let rest = pending; rest.length;) {
      const payload = nextBatch(rest);
      // The server refused this session; a beacon under it would be dropped the same way.
      if (sessionRefused(payload.common)) break;
      // Refused: this batch and the rest go out from the next page, like everything beaconed.
      if (!beaconBatch(sendBeacon, config.endpoint, payload)) break;
      // Accepted is not delivered: the browser says true offline too, and a server that is down
      // drops it unseen. The items stay stored until a fetch is answered.
      for (const item of payload.events) beaconed.add(item.id);
      rest = rest.slice(payload.events.length);
    }
    // A page kept in the back/forward cache runs this timer when it is shown again.
    if (pending.length) schedule(BATCH_DELAY_MS);
  }

  const onOnline = () => {
    failures = 0;
    if (queue.read().length) void flush();
  };
  events?.addEventListener('pagehide', flushBeacon);
  events?.addEventListener('online', onOnline);
  if (queue.read().length) schedule(BATCH_DELAY_MS);

  return {
    track(kind, name, props) {
      if (stopped || !isTrackKind(kind) || typeof name !== 'string' || !name) return;
      queue.write([...unsent(), createItem(kind, name, props, now())]);
      schedule(BATCH_DELAY_MS);
    },
    flush,
    flushBeacon,
    configure(next) {
      config = { endpoint: next.endpoint ?? config.endpoint, common: next.common ?? config.common };
    },
    size: () => unsent().length,
    stop() {
      stopped = true;
      clearTimeout(timer);
      events?.removeEventListener('pagehide', flushBeacon);
      events?.removeEventListener('online', onOnline);
    },
  };
}
