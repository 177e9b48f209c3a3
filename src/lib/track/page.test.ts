// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { $selfInfo } from '../stores/self-info';
import { STORAGE_KEY, type Payload, type TrackItem } from './index';
import { startPageTracking, TRACK_ENDPOINT } from './page';

const fetch = vi.fn(async (_url: string, _init: RequestInit) => ({ ok: true }));
const bodies = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Payload);
let seen: IntersectionObserverCallback = () => undefined;
let host: FakeHost;
let stop: () => void;

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        seen = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  host = installFakeHost(window, { replyDelayMs: 0, baseInfo: { uid: 'u-page', dev_model: 'CPH2451' } as never });
});
afterAll(() => {
  stop?.();
  host.uninstall();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startPageTracking', () => {
  it("sends what a previous page stored, with the host's user even where no island read it", async () => {
    const left: TrackItem = { id: 'A'.repeat(32), kind: 'click', name: 'vip.buy', at: 1, props: { plan: 'vip-month' } };
    localStorage.setItem(STORAGE_KEY, JSON.stringify([left]));
    // As the shell saved it from the query: a batch without a session would only be refused.
    localStorage.setItem('app_sessionid', 'session-page');
    expect($selfInfo.get().uid).toBe('');
    document.body.innerHTML = `<main><button data-track="coins.package" data-track-on="exposure click" data-track-props='{"package":"coins-300"}'>300</button></main>`;
    stop = startPageTracking(document);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch.mock.calls[0]![0]).toBe(TRACK_ENDPOINT);
    expect(TRACK_ENDPOINT).toBe('/api/track');
    expect(bodies()[0]!.events).toEqual([left]);
    expect(bodies()[0]!.common).toMatchObject({ uid: 'u-page', dev_model: 'CPH2451', app_sessionid: 'session-page' });
  });

  it('tracks taps and exposure of marked elements anywhere on the page', async () => {
    const button = document.querySelector('button')!;
    seen([{ target: button, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    button.click();
    await vi.advanceTimersByTimeAsync(2000);
    expect(bodies()[1]!.events.map(({ kind, name, props }) => [kind, name, props])).toEqual([
      ['exposure', 'coins.package', { package: 'coins-300' }],
      ['click', 'coins.package', { package: 'coins-300' }],
    ]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
