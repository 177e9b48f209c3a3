/**
 * `client:painted`: an island hydrates once the page has painted. Its first screen is already in the
 * HTML (drawn on the server, chosen before first paint by the shell script and CSS), so nothing it
 * draws is on the path to first paint, and its script is not fetched ahead of it: nothing shares the
 * link with the HTML (Lighthouse's simulation counts a script asked for before the paint into the
 * paint). At the paint, the whole first screen's chunks are asked for at once, not a tier of imports
 * at a time (a tier at a time made five round trips before the prices on a 150 ms link).
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
// build/engines.ts); an older engine loads the same chunks lowered to the floor, which the
// build copies into /_astro/legacy/ (build/legacy-chunks.ts). They import each other by relative
// paths, so pointing the island at its legacy module is all it takes.
const LEGACY = typeof structuredClone != 'function';
const MODULE_URLS = ['component-url', 'renderer-url', 'before-hydration-url'];
// Below the floor with module scripts all the same (Chromium 61–63, which lack ResizeObserver, new in
// 64): not even the legacy chunks would run. The page says what to update, as the nomodule script
// does for the engines below those (src/layouts/old-engine.ts), instead of controls that cannot work.
const BELOW_FLOOR = typeof ResizeObserver == 'undefined';

let asked = false;

/**
 * Asks, once per page, for the chunks its first screen runs (`<html data-js>`,
 * build/preload-chunks.ts); signed in, also the lazy ones its data screen draws with (the seal of
 * its first reads, say). Where `modulepreload` is unknown (Chromium 64, 65), as module scripts: these
 * chunks only define what the islands import. A page the shell script is moving to its locale's URL
 * has no session flag, and asks for nothing.
 */
function askFirstScreen() {
  if (asked) return;
  asked = true;
  const flags = document.documentElement.dataset;
  const [always, signedIn] = (flags.js ?? '').split('|');
  if (!flags.session || !always) return;
  const preloads = document.createElement('link').relList?.supports?.('modulepreload');
  // What every island runs first: a slow link serves requests about in the order asked (the lazy parts
  // first measured 150 ms later on /vip-center; the seal first, no different).
  const names = flags.session === 'signed-in' && signedIn ? `${always} ${signedIn}` : always;
  for (const name of names.split(' ')) {
    const tag = document.createElement(preloads ? 'link' : 'script');
    tag.setAttribute(preloads ? 'rel' : 'type', preloads ? 'modulepreload' : 'module');
    tag.setAttribute(preloads ? 'href' : 'src', `${LEGACY ? '/_astro/legacy/' : '/_astro/'}${name}.js`);
    document.head.appendChild(tag);
  }
}

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
  // Fetched at the paint, with the whole first screen's chunks (`client:painted="late"`, tracking, is
  // not among those: build/preload-chunks.ts).
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    askFirstScreen();
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
