// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, loadTrackingWhenIdle, type TrackingChunk } from './loader';

let idle: Array<{ run: () => void; options?: IdleRequestOptions }>;
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) => idle.push({ run, options }));
});
afterEach(() => vi.unstubAllGlobals());

describe('loadTrackingWhenIdle', () => {
  it('loads nothing before load, then the chunk once the page is idle, and starts it on the document', async () => {
    const chunk: TrackingChunk = { startPageTracking: vi.fn() };
    const load = vi.fn(async () => chunk);
    loadTrackingWhenIdle(load);
    expect(idle).toHaveLength(0);
    dispatchEvent(new Event('load'));
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    expect(idle[0]!.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    idle[0]!.run();
    await vi.waitFor(() => expect(chunk.startPageTracking).toHaveBeenCalledExactlyOnceWith(document));
    dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
  });

  it('swallows a chunk that fails to load: no unhandled rejection reaches the page', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    loadTrackingWhenIdle(load);
    dispatchEvent(new Event('load'));
    idle[0]!.run();
    await expect(load.mock.results[0]!.value).rejects.toThrow();
  });
});
