/**
 * Tracking (spec §7, §9; ARCHITECTURE "Tracking"): exposure, click, input and touchstart events,
 * batched and sent with the common fields. One tracker per page, created on first use.
 * Markup and islands call `track`, `observeExposure` and `trackClicks`; the page calls
 * `configureTracking` once if the endpoint or the common fields differ from the defaults.
 */
import { defaultCommon } from './common';
import { createExposureWatcher, delegateTracking } from './dom';
import type { TrackProps } from './queue';
import type { TrackKind } from '../../shared/track/rules';
import { createTracker, DEFAULT_ENDPOINT, type Tracker, type TrackingConfig } from './tracker';

export * from './common';
export { createExposureWatcher, delegateTracking, EXPOSED_RATIO, type Report } from './dom';
export { createQueueStore, MAX_STORED, parseQueue, STORAGE_KEY, type QueueStore, type TrackItem, type TrackProps } from './queue';
export { TRACK_KINDS, type TrackKind } from '../../shared/track/rules';
export { beaconBatch, browserBeacon, postBatch, type BeaconLike, type FetchLike, type Payload, type SendOutcome } from './sender';
export * from './tracker';

let config: Required<TrackingConfig> = { endpoint: DEFAULT_ENDPOINT, common: defaultCommon };
let tracker: Tracker | undefined;
let observe: ReturnType<typeof createExposureWatcher> | undefined;

// Created lazily and only in a browser: the build renders pages in Node, where nothing is tracked.
function current(): Tracker | undefined {
  if (typeof window === 'undefined') return undefined;
  tracker ??= createTracker(config);
  return tracker;
}

/**
 * Sets the endpoint (default '/api/track') and the provider of the common fields, read at send time
 * (default: the selfInfo store, app_sessionid and screen size). Also starts the tracker, so items a
 * previous page left in storage go out.
 * @example configureTracking({ endpoint: `${import.meta.env.PUBLIC_API_HOST}/track` })
 */
export function configureTracking(options: TrackingConfig): void {
  config = { endpoint: options.endpoint ?? config.endpoint, common: options.common ?? config.common };
  current()?.configure(config);
}

/**
 * Queues one event; it goes out with the next batch.
 * @example track('click', 'vip.buy', { plan: 'month' })
 */
export function track(kind: TrackKind, name: string, props?: TrackProps): void {
  current()?.track(kind, name, props);
}

/**
 * Reports the element once, when half of it is visible. Returns the function that stops watching.
 * @example useEffect(() => observeExposure(ref.current!, 'vip.plan', { plan: 'year' }), [])
 */
export function observeExposure(element: Element, name: string, props?: TrackProps): () => void {
  observe ??= createExposureWatcher(track);
  return observe(element, name, props);
}

/**
 * Tracks `data-track` elements inside root (see `delegateTracking`). Returns the function that stops.
 * @example trackClicks(document.body)
 */
export function trackClicks(root: Element | Document): () => void {
  return delegateTracking(root, track);
}
