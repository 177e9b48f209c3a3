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
  // happy-dom fetches an inserted script (and, file loading being off, fails it at once): held instead,
  // by a type it does not run, so that each test says when a script comes (`come`, below).
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
    const element = create(tag, options);
    if (tag === 'script') element.setAttribute('type', 'text/x-held');
    return element;
  });
  Object.assign(document.documentElement.dataset, { session: 'signed-in', js: '|core.a Page.b|Part.c|Gate.d' });
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
/** The scripts and modules the page has asked for so far to run (preloads of classic scripts apart). */
const asked = () =>
  [...document.head.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script, link:not([rel=preload])')].map(
    (tag) => (tag as HTMLScriptElement).src || (tag as HTMLLinkElement).href,
  );
/** What the page has asked for, by file name. */
const names = () => asked().map((url) => url.replace(/.*\//, ''));
/** The chunks or scripts of these file names come (or fail to): their tags' load (or error) events. */
const come = (files: string[], event = 'load') =>
  document.head.querySelectorAll('script, link').forEach((tag) => {
    if (files.includes(((tag as HTMLScriptElement).src || (tag as HTMLLinkElement).href).replace(/.*\//, ''))) tag.dispatchEvent(new Event(event));
  });
/** An island's loader: resolves with its hydration, which `done` lets finish. */
function island() {
  let done!: () => void;
  const hydrated = new Promise<void>((resolve) => (done = resolve));
  const load = vi.fn(async () => () => hydrated);
  const element = document.createElement('astro-island');
  // Its own chunk, which exports the renderer too (build/classic-core.ts, islandTags).
  element.setAttribute('component-url', '/_astro/Page.b.js');
  element.setAttribute('renderer-url', '/_astro/Page.b.js');
  return { load, done, element };
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
    // Core's classic script first, then the modules, core's module not among them (the script is
    // core); the islands load once core has run.
    expect(names()).toEqual(['core.a.classic.js', 'Page.b.js', 'Part.c.js', 'Gate.d.js']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).not.toHaveBeenCalled();
    come(['core.a.classic.js']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).toHaveBeenCalledOnce();
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
    expect(names()).toEqual(['core.a.classic.js', 'Page.b.js', 'Part.c.js', 'Gate.d.js']);
    come(['core.a.classic.js']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).toHaveBeenCalledOnce();
  });

  it('when no paint is ever reported, the islands start after a second', async () => {
    const first = island();
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    await vi.advanceTimersByTimeAsync(999);
    expect(first.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    come(['core.a.classic.js']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).toHaveBeenCalledOnce();
  });

  it("preloads core's classic script as the page parses, where it then runs core at the paint", () => {
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];
    expect(preloads.map((link) => [link.as, link.href.replace(/.*\//, '')])).toEqual([['script', 'core.a.classic.js']]);
  });

  it('preloads nothing on a page the shell script is moving to its locale (no session flag)', async () => {
    document.head.replaceChildren();
    delete document.documentElement.dataset.session;
    vi.resetModules();
    await import('./painted');
    expect(document.head.querySelectorAll('link, script')).toHaveLength(0);
  });

  it('with core in before the paint (preloaded), asks for the chunks from the task that runs core, where Lighthouse sees it ran after the paint', async () => {
    come(['core.a.classic.js']);
    const first = island();
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    paint();
    expect(names()).toEqual(['core.a.classic.js']);
    come(['core.a.classic.js']);
    expect(names()).toEqual(['core.a.classic.js', 'Page.b.js', 'Part.c.js', 'Gate.d.js']);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.load).toHaveBeenCalledOnce();
  });

  it("signed out, asks for what the islands import and the sign-in gate's, and no lazy part", async () => {
    document.documentElement.dataset.session = 'signed-out';
    const first = island();
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    paint();
    // Signed in, the gate came last, after the lazy parts (above); signed out, it is the first screen.
    expect(names()).toEqual(['core.a.classic.js', 'Page.b.js', 'Gate.d.js']);
  });

  it("on an engine older than the modern build, asks for core's legacy module with the legacy chunks, and no script", async () => {
    document.head.replaceChildren();
    vi.stubGlobal('structuredClone', undefined);
    vi.resetModules();
    const legacy: ClientDirective = (await import('./painted')).default;
    const first = island();
    await legacy(first.load, { name: 'painted', value: '' }, first.element);
    paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked().map((url) => new URL(url).pathname)).toEqual([
      '/_astro/legacy/core.a.js',
      '/_astro/legacy/Page.b.js',
      '/_astro/legacy/Part.c.js',
      '/_astro/legacy/Gate.d.js',
    ]);
    expect(first.element.getAttribute('renderer-url')).toBe('/_astro/legacy/Page.b.js');
    // Its chunks import core's legacy module: nothing to wait for.
    expect(first.load).toHaveBeenCalledOnce();
  });

  it('without a list of chunks (`astro dev`), hydrates at the paint, with no script of core to wait for', async () => {
    document.head.replaceChildren();
    delete document.documentElement.dataset.js;
    vi.resetModules();
    const dev: ClientDirective = (await import('./painted')).default;
    const first = island();
    await dev(first.load, { name: 'painted', value: '' }, first.element);
    paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toEqual([]);
    expect(first.load).toHaveBeenCalledOnce();
  });

  it("hydrates nothing while core's script has not come (the page then says it did not finish loading), late islands included", async () => {
    const late = island();
    const first = island();
    await painted(late.load, { name: 'painted', value: 'late' }, late.element);
    await painted(first.load, { name: 'painted', value: '' }, first.element);
    paint();
    come(['core.a.classic.js'], 'error');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.load).not.toHaveBeenCalled();
    expect(late.load).not.toHaveBeenCalled();
  });
});
