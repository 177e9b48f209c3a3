// @vitest-environment happy-dom
import type { ClientDirective } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The island directive keeps its state in the module (what it asked for, the islands still hydrating):
// a fresh copy for each test, on a page signed in whose first screen is two chunks.
let painted: ClientDirective;
let observers: ((list: { getEntriesByName: (name: string) => object[] }) => void)[];
let paintedAlready: boolean;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  observers = [];
  paintedAlready = false;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    paintedAlready && name === 'first-contentful-paint' ? ([{}] as PerformanceEntryList) : [],
  );
  Object.assign(document.documentElement.dataset, { session: 'signed-in', js: '|core.a Page.b|' });
  painted = (await import('./painted')).default;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

/** The browser reports the first paint to every observer. */
const paint = () => observers.splice(0).forEach((callback) => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }));
/** The chunks the page has asked for so far, by file name. */
const asked = () =>
  [...document.head.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script, link')].map(
    (tag) => (tag as HTMLScriptElement).src || (tag as HTMLLinkElement).href,
  );
/** An island's loader: resolves with its hydration, which `done` lets finish. */
function island() {
  let done!: () => void;
  const hydrated = new Promise<void>((resolve) => (done = resolve));
  const load = vi.fn(async () => () => hydrated);
  return { load, done, element: document.createElement('astro-island') };
}

describe('client:painted', () => {
  it('a late island that connects before the first screen’s islands asks for nothing before the paint, and hydrates after them', async () => {
    const late = island();
    const first = island();
    await painted(late.load, { name: 'painted', value: 'late' }, late.element);
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    expect(asked()).toEqual([]);
    expect(late.load).not.toHaveBeenCalled();

    paint();
    expect(asked().map((url) => url.replace(/.*\//, ''))).toEqual(['core.a.js', 'Page.b.js']);
    expect(first.load).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(late.load).not.toHaveBeenCalled();

    first.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(late.load).toHaveBeenCalledOnce();
    // The timer that stands in for a missing paint entry starts nothing twice.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(late.load).toHaveBeenCalledOnce();
    expect(first.load).toHaveBeenCalledOnce();
  });

  it('an island that connects after the page has painted starts in the next task, with no paint entry still to come (Chromium 64–76)', async () => {
    paintedAlready = true;
    const first = island();
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    // Not within the parse: in a task of its own.
    expect(first.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).toHaveBeenCalledOnce();
    expect(asked().map((url) => url.replace(/.*\//, ''))).toEqual(['core.a.js', 'Page.b.js']);
  });

  it('when no paint is ever reported, the islands start after a second', async () => {
    const first = island();
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    await vi.advanceTimersByTimeAsync(999);
    expect(first.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(first.load).toHaveBeenCalledOnce();
  });
});
