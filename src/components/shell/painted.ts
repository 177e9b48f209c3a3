/**
 * `client:painted`: an island hydrates once the page has painted. Its first screen is already in the
 * HTML (drawn on the server, chosen before first paint by the shell script and CSS), so nothing it
 * draws is on the path to first paint, and its script is not fetched ahead of it: nothing shares the
 * link with the HTML (Lighthouse's simulation counts a script asked for before the paint into the
 * paint). At the paint, the whole first screen's chunks are asked for at once
 * (src/layouts/first-screen.ts), not a tier of imports at a time.
 * "Painted" is the browser's first-contentful-paint entry; a page that paints nothing, or a WebView
 * without paint timing, hydrates after PAINT_WAIT_MS all the same.
 */
import type { ClientDirective } from 'astro';

const PAINT_WAIT_MS = 1000;

// Astro's island loader (the inline script after this one) reads every island's props with
// Object.fromEntries, from Chromium 73: below it no island would hydrate. The loader passes an array
// of pairs, and this directive runs first on every page with islands, so it is the place for the one
// shim the floor (Chromium 64) needs; an engine that has the method keeps its own.
if (!Object.fromEntries) {
  Object.fromEntries = <T>(pairs: Iterable<readonly [PropertyKey, T]>) => {
    const object: Record<PropertyKey, T> = {};
    for (const [key, value] of Array.from(pairs)) object[key] = value;
    return object;
  };
}

// The chunks are built for engines with structuredClone (Chromium 98: MODERN_TARGET in
// scripts/lib/engines.mjs); an older engine loads the same chunks lowered to the floor, which the
// build copies into /_astro/legacy/ (scripts/legacy-chunks.mjs). They import each other by relative
// paths, so pointing the island at its legacy module is all it takes.
const LEGACY = typeof structuredClone != 'function';
const MODULE_URLS = ['component-url', 'renderer-url', 'before-hydration-url'];
// Below the floor with module scripts all the same (Chromium 61–63, which lack ResizeObserver, new in
// 64): not even the legacy chunks would run. The page says what to update, as the nomodule script
// does for the engines below those (src/layouts/old-engine.ts), instead of controls that cannot work.
const BELOW_FLOOR = typeof ResizeObserver == 'undefined';

const painted: ClientDirective = (load, _options, island) => {
  if (BELOW_FLOOR) {
    document.getElementById('old-engine')?.removeAttribute('hidden');
    document.documentElement.classList.add('engine-old');
    return;
  }
  if (LEGACY) {
    for (const name of MODULE_URLS) {
      const url = island.getAttribute(name);
      if (url) island.setAttribute(name, url.replace('/_astro/', '/_astro/legacy/'));
    }
  }
  // Fetched at the paint, when src/layouts/first-screen.ts asks for the whole first screen's chunks at
  // once (`client:painted="late"`, tracking, is not among them: it shares no link time with them).
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
  };
  setTimeout(start, PAINT_WAIT_MS);
  try {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      void start();
    });
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // `type` and `buffered` are Chromium 77: older engines name the types, and this script runs
      // before the first paint, so the entry is still to come.
      observer.observe({ entryTypes: ['paint'] });
    }
  } catch {
    // No paint timing: the timer above.
  }
};

export default painted;
