import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTrackBatch } from '../../shared/track/batch';
import { STORAGE_KEY, type TrackItem } from './queue';
import { TRACK_BODY_MAX_BYTES } from '../../shared/track/rules';
import type { BeaconLike, FetchLike, Payload } from './sender';
import { createTracker, type Tracker, type TrackerOptions } from './tracker';
import { memoryStorage } from '../../../tests/fixtures/dom-fakes';

const stored = (storage: Storage): TrackItem[] => JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as TrackItem[];
const sentBodies = (fetch: ReturnType<typeof vi.fn<FetchLike>>) => fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as Payload);
const sentNames = (fetch: ReturnType<typeof vi.fn<FetchLike>>) => sentBodies(fetch).map((body) => body.events.map((event) => event.name));

let storage: Storage;
let fetch: ReturnType<typeof vi.fn<FetchLike>>;
let beacon: ReturnType<typeof vi.fn<BeaconLike>>;
let events: EventTarget;
const trackers: Tracker[] = [];

function start(options: TrackerOptions = {}): Tracker {
  const tracker = createTracker({
    storage,
    fetch,
    sendBeacon: beacon,
    events,
    common: () => ({ uid: 'u1', app_sessionid: 's1', dev_model: 'CPH2451' }),
    ...options,
  });
  trackers.push(tracker);
  return tracker;
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = memoryStorage();
  fetch = vi.fn<FetchLike>(async () => ({ ok: true }));
  beacon = vi.fn<BeaconLike>(() => true);
  events = new EventTarget();
});

afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.stop();
  vi.useRealTimers();
});

describe('batching', () => {
  it('sends one batch 2 s after the first item, not reset by later items', async () => {
    const tracker = start();
    tracker.track('exposure', 'a');
    await vi.advanceTimersByTimeAsync(1000);
    tracker.track('click', 'b', { plan: 'month' });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledOnce();
    expect(sentNames(fetch)).toEqual([['a', 'b']]);
  });

  it('posts JSON { common, events } with keepalive to /api/track by default', async () => {
    const tracker = start();
    vi.setSystemTime(1_767_225_600_000);
    tracker.track('click', 'vip.buy', { plan: 'month' });
    await vi.advanceTimersByTimeAsync(2000);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/track');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    const body = sentBodies(fetch)[0]!;
    expect(body.common).toMatchObject({ uid: 'u1', dev_model: 'CPH2451', app_sessionid: 's1', screen: '' });
    expect(Object.keys(body.common)).toHaveLength(11);
    expect(body.events).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9]{32}$/), kind: 'click', name: 'vip.buy', at: 1_767_225_600_000, props: { plan: 'month' } },
    ]);
  });

  it('splits 45 items into batches of 20, 20 and 5, sent one right after the other', async () => {
    const tracker = start();
    for (let i = 0; i < 45; i += 1) tracker.track('exposure', `item${i}`);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentBodies(fetch).map((body) => body.events.length)).toEqual([20, 20, 5]);
    expect(sentNames(fetch).flat()).toEqual(Array.from({ length: 45 }, (_, i) => `item${i}`));
    expect(stored(storage)).toEqual([]);
  });

  it('reads the common fields at send time', async () => {
    let uid = 'before';
    const tracker = start({ common: () => ({ uid, app_sessionid: 's1' }) });
    tracker.track('click', 'a');
    uid = 'after';
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentBodies(fetch)[0]!.common.uid).toBe('after');
  });

  it('keeps the items while the common provider throws (no session to send them under), and sends them once it answers', async () => {
    let bridge = false;
    const tracker = start({
      common: () => {
        if (!bridge) throw new Error('no bridge');
        return { uid: 'u1', app_sessionid: 's1' };
      },
    });
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).not.toHaveBeenCalled();
    bridge = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(sentBodies(fetch).map((body) => [body.common.uid, body.events.map((event) => event.name)])).toEqual([['u1', ['a']]]);
  });

  it('ignores unknown kinds and empty names', async () => {
    const tracker = start();
    tracker.track('hover' as 'click', 'a');
    tracker.track('click', '');
    expect(tracker.size()).toBe(0);
  });

  it('gives items queued during a send their own 2 s', async () => {
    let answer: (value: { ok: boolean }) => void = () => undefined;
    fetch.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const tracker = start();
    tracker.track('click', 'first');
    await vi.advanceTimersByTimeAsync(2000);
    tracker.track('click', 'second');
    answer({ ok: true });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sentNames(fetch)).toEqual([['first']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentNames(fetch)).toEqual([['first'], ['second']]);
  });
});

describe('storage', () => {
  it('keeps items in localStorage exposureTrackData until sent', async () => {
    const tracker = start();
    tracker.track('input', 'feedback.text');
    expect(stored(storage).map((item) => item.name)).toEqual(['feedback.text']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('resends unsent items after a reload', async () => {
    const first = start();
    first.track('click', 'a');
    first.track('click', 'b');
    first.stop(); // the page went away before the 2 s were up, without pagehide
    expect(fetch).not.toHaveBeenCalled();

    start(); // the next page, same localStorage
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['a', 'b']]);
  });

  it('starts with an empty queue when the stored JSON is corrupt', async () => {
    storage.setItem(STORAGE_KEY, '[{"id":"x",');
    const tracker = start();
    expect(tracker.size()).toBe(0);
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['a']]);
  });

  it('drops stored entries that are not items', async () => {
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify([{ id: 'abc', kind: 'click', name: 'ok', at: 1 }, { id: 'x' }, 'junk', null, { id: '<b>', kind: 'click', name: 'n', at: 1 }]),
    );
    start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['ok']]);
  });

  it('caps the stored queue at 500 items, dropping the oldest', () => {
    fetch.mockResolvedValue({ ok: false });
    const tracker = start();
    for (let i = 0; i < 520; i += 1) tracker.track('exposure', `e${i}`);
    const items = stored(storage);
    expect(items).toHaveLength(500);
    expect(items[0]!.name).toBe('e20');
  });

  it('works from memory when localStorage throws', async () => {
    const broken = memoryStorage();
    broken.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const tracker = start({ storage: broken });
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['a']]);
  });
});

describe('failures', () => {
  it('keeps the items after a failed send and retries after 2 s, then 4 s', async () => {
    fetch.mockResolvedValueOnce({ ok: false }).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const tracker = start();
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(stored(storage).map((item) => item.name)).toEqual(['a']);

    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(stored(storage)).toEqual([]);
  });

  it('backs off to at most 60 s', async () => {
    fetch.mockResolvedValue({ ok: false });
    const tracker = start();
    tracker.track('click', 'a');
    // 2 s first send, then retries after 2, 4, 8, 16, 32, 60, 60 s
    await vi.advanceTimersByTimeAsync(2000 + 2000 + 4000 + 8000 + 16_000 + 32_000 + 60_000);
    expect(fetch).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(8);
  });

  it('retries at once when the device comes back online', async () => {
    fetch.mockResolvedValueOnce({ ok: false });
    const tracker = start();
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(stored(storage)).toEqual([]);
  });

  it('sends nothing twice after a success', async () => {
    const tracker = start();
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    await tracker.flush();
    tracker.flushBeacon();
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledOnce();
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('pagehide', () => {
  it('beacons everything queued in batches of 20, with the common fields', async () => {
    const tracker = start();
    for (let i = 0; i < 25; i += 1) tracker.track('exposure', `e${i}`);
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/track');
    const body = JSON.parse(await blob.text()) as Payload;
    expect(body.events).toHaveLength(20);
    expect(body.common.uid).toBe('u1');
  });

  it('keeps beaconed items stored until a fetch is confirmed: a beacon the browser accepted offline loses nothing', async () => {
    // Chromium's sendBeacon says true offline too; the request then fails where no page can see it.
    const tracker = start();
    tracker.track('click', 'a');
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
    expect(stored(storage).map((item) => item.name)).toEqual(['a']);
    expect(tracker.size()).toBe(1);
    tracker.stop();

    start(); // the next page sends it again; had the beacon arrived, the server drops the same id
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentBodies(fetch)[0]!.events.map((event) => event.id)).toEqual([JSON.parse(await beacon.mock.calls[0]![1].text()).events[0].id]);
    expect(stored(storage)).toEqual([]);
  });

  it('keeps the items a refused beacon could not take, for the next page', async () => {
    beacon.mockReturnValueOnce(true).mockReturnValueOnce(false);
    const tracker = start();
    for (let i = 0; i < 25; i += 1) tracker.track('exposure', `e${i}`);
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(stored(storage)).toHaveLength(25);
    tracker.stop();

    start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch).flat()).toEqual(Array.from({ length: 25 }, (_, i) => `e${i}`));
  });

  it('beacons an item once per page, and sends it by fetch if the page is shown again (back/forward cache)', async () => {
    const tracker = start();
    tracker.track('click', 'a');
    events.dispatchEvent(new Event('pagehide'));
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['a']]);
    expect(stored(storage)).toEqual([]);
    events.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
  });

  it('keeps everything when the browser has no sendBeacon', () => {
    const tracker = start({ sendBeacon: undefined });
    tracker.track('click', 'a');
    tracker.flushBeacon();
    expect(stored(storage)).toHaveLength(1);
  });

  it('does not beacon items already on their way by fetch', async () => {
    fetch.mockImplementationOnce(() => new Promise(() => undefined)); // never answers
    const tracker = start();
    tracker.track('click', 'in-flight');
    await vi.advanceTimersByTimeAsync(2000);
    tracker.track('click', 'waiting');
    events.dispatchEvent(new Event('pagehide'));
    const body = JSON.parse(await beacon.mock.calls[0]![1].text()) as Payload;
    expect(body.events.map((event) => event.name)).toEqual(['waiting']);
  });
});

describe('hanging requests', () => {
  it('gives up on a send after 30 s and retries, so later batches are not held up', async () => {
    fetch.mockImplementationOnce(() => new Promise(() => undefined)); // never answers
    const tracker = start();
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000 + 30_000);
    expect(stored(storage)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(stored(storage)).toEqual([]);
  });
});

describe('answers the server gives', () => {
  const answer = (status: number) => ({ ok: status >= 200 && status < 300, status });

  it.each([400, 413, 422])('drops a batch refused with %i (it would be refused forever) and sends the items behind it at once', async (status) => {
    fetch.mockResolvedValueOnce(answer(status));
    const tracker = start();
    for (let i = 0; i < 25; i += 1) tracker.track('exposure', `e${i}`);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([Array.from({ length: 20 }, (_, i) => `e${i}`), ['e20', 'e21', 'e22', 'e23', 'e24']]);
    expect(stored(storage)).toEqual([]);
    // Never again, from this page or the next.
    tracker.stop();
    start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([408, 429, 500, 503])('keeps a batch answered %i and retries it', async (status) => {
    fetch.mockResolvedValueOnce(answer(status));
    const tracker = start();
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(stored(storage).map((item) => item.name)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sentNames(fetch)).toEqual([['a'], ['a']]);
    expect(stored(storage)).toEqual([]);
  });

  it.each([401, 403])('after %i keeps the items and sends nothing more until the page has another session', async (status) => {
    let session = 'session-a';
    fetch.mockResolvedValueOnce(answer(status));
    const tracker = start({ common: () => ({ uid: 'u1', app_sessionid: session }) });
    tracker.track('click', 'a');
    await vi.advanceTimersByTimeAsync(2000);
    tracker.track('click', 'b');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    events.dispatchEvent(new Event('online'));
    events.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledOnce();
    expect(beacon).not.toHaveBeenCalled();
    expect(stored(storage).map((item) => item.name)).toEqual(['a', 'b']);

    session = 'session-b'; // the user signed in again
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentNames(fetch)).toEqual([['a'], ['a', 'b']]);
    expect(sentBodies(fetch)[1]!.common.app_sessionid).toBe('session-b');
    expect(stored(storage)).toEqual([]);
  });

  it('sends nothing without a session, by fetch or by beacon, and sends it all once the page has one', async () => {
    let session = '';
    const tracker = start({ common: () => ({ uid: '', app_sessionid: session }) });
    tracker.track('exposure', 'a');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    events.dispatchEvent(new Event('online'));
    events.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect([fetch.mock.calls.length, beacon.mock.calls.length]).toEqual([0, 0]);
    expect(stored(storage).map((item) => item.name)).toEqual(['a']);

    session = 'session-b'; // signed in from the page
    tracker.track('click', 'b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentNames(fetch)).toEqual([['a', 'b']]);
    expect(stored(storage)).toEqual([]);
  });

  it('sends every batch within the contract the server checks, splitting by size where 20 items would not fit', async () => {
    const tracker = start({ common: () => ({ uid: 'u1', app_sessionid: 's'.repeat(43), dev_model: 'ม'.repeat(500) }) });
    // The largest props an item may carry: 20 keys and values of 200 characters, 3 bytes each in UTF-8.
    const widest = Object.fromEntries(Array.from({ length: 25 }, (_, k) => [`${k}`.padEnd(300, 'ก'), 'ข'.repeat(300)]));
    for (let i = 0; i < 7; i += 1) tracker.track('click', `wide${i}`, widest);
    for (let i = 0; i < 30; i += 1) tracker.track('exposure', `small${i}`, { n: i });
    await vi.advanceTimersByTimeAsync(2000);

    const bodies = fetch.mock.calls.map(([, init]) => String(init.body));
    for (const body of bodies) {
      const bytes = new TextEncoder().encode(body);
      expect(bytes.byteLength).toBeLessThanOrEqual(TRACK_BODY_MAX_BYTES);
      expect(parseTrackBatch(bytes)).toMatchObject({ ok: true });
    }
    expect(bodies.length).toBeGreaterThan(3); // 30 small ones alone make two batches
    expect(sentNames(fetch).flat()).toEqual([...Array.from({ length: 7 }, (_, i) => `wide${i}`), ...Array.from({ length: 30 }, (_, i) => `small${i}`)]);
    expect(stored(storage)).toEqual([]);
  });
});
