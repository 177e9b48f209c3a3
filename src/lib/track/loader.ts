/**
 * The only tracking code a page loads up front (under 300 bytes gzip, counted in the 20 KB first-load
 * budget): it loads the rest (./page.ts) once the page has loaded and the main thread is idle, so
 * tracking never competes with first paint or hydration.
 */

/** What the lazy chunk (./page.ts) gives the loader. */
export interface TrackingChunk {
  startPageTracking(doc: Document): unknown;
}

// A page that is never idle (a long list rendering on a slow phone) still starts tracking by then.
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Call from a module script, which runs before `load`. Android WebViews have requestIdleCallback
 * (Chrome 47+). If the chunk fails to load (the network dropped), this page is not tracked; what a
 * previous page stored waits for the next page.
 * @example loadTrackingWhenIdle(() => import('./page'))
 */
export function loadTrackingWhenIdle(load: () => Promise<TrackingChunk>): void {
  const start = () => load().then((chunk) => chunk.startPageTracking(document), () => undefined);
  addEventListener('load', () => requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS }), { once: true });
}
