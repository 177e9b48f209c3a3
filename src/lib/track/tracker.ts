/**
 * The tracking scheduler (spec §7, §9): batches of up to 20, sent 2 s after the first queued item,
 * retried with back-off until the server takes them, and beaconed on `pagehide`. Only the server's
 * 2xx answer to a fetch removes items: a beacon may be lost unseen, so beaconed items stay stored and
 * the next page sends them again (each has a random id the server stores once).
 */
import { readCommon, type CommonProvider } from './common';
import { browserStorage, createItem, createQueueStore, isTrackKind, type TrackItem, type TrackKind, type TrackProps } from './queue';
import { beaconBatch, browserBeacon, postBatch, type BeaconLike, type FetchLike } from './sender';

export const BATCH_SIZE = 20; // spec §9
export const BATCH_DELAY_MS = 2000; // spec §9
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
  const fetchFn = options.fetch ?? (globalThis.fetch?.bind(globalThis) as FetchLike | undefined);
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

  const unsent = () => queue.read().filter((item) => !sent.has(item.id));
  const payload = (batch: TrackItem[]) => ({ common: readCommon(config.common), events: batch });

  function schedule(delay: number, reset = false): void {
    if (stopped || (timer !== undefined && !reset)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  function markSent(batch: TrackItem[]): void {
    for (const item of batch) sent.add(item.id);
    queue.write(unsent());
  }

  // Sends the items queued when it starts; later items have their own 2 s timer.
  async function drain(): Promise<void> {
    const due = new Set(queue.read().map((item) => item.id));
    while (!stopped && fetchFn) {
      const batch = unsent().filter((item) => due.has(item.id) && !inFlight.has(item.id)).slice(0, BATCH_SIZE);
      if (!batch.length) return;
      for (const item of batch) inFlight.add(item.id);
      const ok = await postBatch(fetchFn, config.endpoint, payload(batch));
      for (const item of batch) inFlight.delete(item.id);
      if (!ok) {
        failures += 1;
        // 2 s, 4 s, 8 s … 60 s; later items wait too rather than hammer a server that is down.
        schedule(Math.min(BATCH_DELAY_MS * 2 ** (failures - 1), RETRY_MAX_MS), true);
        return;
      }
      failures = 0;
      markSent(batch);
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
    for (let start = 0; start < pending.length; start += BATCH_SIZE) {
      const batch = pending.slice(start, start + BATCH_SIZE);
      // Refused: this batch and the rest go out from the next page, like everything beaconed.
      if (!beaconBatch(sendBeacon, config.endpoint, payload(batch))) break;
      // Accepted is not delivered: the browser says true offline too, and a server that is down
      // drops it unseen. The items stay stored until a fetch is answered 2xx.
      for (const item of batch) beaconed.add(item.id);
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
