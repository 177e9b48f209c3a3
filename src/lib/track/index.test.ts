// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setSelfInfo } from '../stores/self-info';
import { configureTracking, observeExposure, STORAGE_KEY, track, trackClicks, type Payload } from './index';

const fetch = vi.fn(async (_url: string, _init: RequestInit) => ({ ok: true }));
let callback: IntersectionObserverCallback = () => undefined;

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  localStorage.setItem('app_sessionid', 'sess-1');
  setSelfInfo({ uid: 'u-9', dev_manufacturer: 'OPPO', dev_model: 'CPH2451' });
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the page tracker', () => {
  it('queues in localStorage and sends with the selfInfo common fields to the configured endpoint', async () => {
    configureTracking({ endpoint: 'https://api.example/track' });
    track('click', 'vip.buy');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example/track');
    const { common } = JSON.parse(String(init.body)) as Payload;
    expect(common).toMatchObject({ uid: 'u-9', dev_manufacturer: 'OPPO', dev_model: 'CPH2451', app_sessionid: 'sess-1' });
    expect(common.screen).toMatch(/^\d+x\d+$/);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('tracks exposure once and data-track clicks through the same queue', async () => {
    fetch.mockClear();
    document.body.innerHTML = '<section><button data-track="plan.more">More</button></section>';
    const stop = trackClicks(document.body);
    const section = document.querySelector('section')!;
    observeExposure(section, 'plan.list');
    const seen = { target: section, isIntersecting: true, intersectionRatio: 0.75 } as unknown as IntersectionObserverEntry;
    callback([seen], {} as IntersectionObserver);
    callback([seen], {} as IntersectionObserver);
    document.querySelector('button')!.click();
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    const { events } = JSON.parse(String(fetch.mock.calls[0]![1].body)) as Payload;
    expect(events.map(({ kind, name }) => `${kind}:${name}`)).toEqual(['exposure:plan.list', 'click:plan.more']);
  });
});
