/**
 * `client:painted`: an island hydrates once the page has painted. Its first screen is already in the
 * HTML (drawn on the server, chosen before first paint by the shell script and CSS), so nothing it
 * draws is on the path to first paint, and its script is not fetched ahead of it: nothing shares the
 * link with the HTML (Lighthouse's simulation counts a script asked for before the paint into the
 * paint). At the paint, the whole first screen's chunks are asked for at once, not a tier of imports
 * at a time (a tier at a time made five round trips before the prices on a 150 ms link), the first
 * reads' first: it sends the page's first reads, which then travel while the islands load.
 * "Painted" is the browser's first-contentful-paint entry; a page that paints nothing, or a WebView
 * without paint timing, hydrates after PAINT_WAIT_MS all the same.
 */
import type { ClientDirective } from 'astro';

const PAINT_WAIT_MS = 1000;
const FCP = 'first-contentful-paint';

// The chunks are built for engines with structuredClone (Chromium 98: MODERN_TARGET in
// build/engines.ts); an older engine loads the same chunks lowered to the floor, which the
// build copies into /_astro/legacy/ (build/legacy-chunks.ts). They import each other by relative
// paths, so pointing the island at its legacy module is all it takes (no island has a
// `before-hydration-url`: build/classic-core.ts refuses one).
const LEGACY = typeof structuredClone != 'function';
const MODULE_URLS = ['component-url', 'renderer-url'];
// Below the floor with module scripts all the same (Chromium 61–63, which lack ResizeObserver, new in
// 64): not even the legacy chunks would run. The page says what to update, as the nomodule script
// does for the engines below those (src/layouts/old-engine.ts), instead of controls that cannot work.
const BELOW_FLOOR = typeof ResizeObserver == 'undefined';

let asked = false;
/** Core's script has come (its preload, below), not yet run. */
let coreIn = false;

// Core's classic script (build/classic-core.ts), named by its module in `data-js`, first among what
// the islands load (build/preload-chunks.ts). On an engine of the modern build it replaces the module,
// which is not asked for (an older engine loads core's legacy module, and no script), and is preloaded
// as the page parses: it is then in when the page paints, where it came a round trip and 14 KB after
// it. Not on a page the shell script is moving to its locale's URL (no session flag). The directive
// runs it at the paint (runCore). None in `astro dev`, whose modules are served as they are.
const flags = document.documentElement.dataset;
const coreModule = /core\.[\w-]+/.exec(flags.js!)?.[0];
const coreScript = !LEGACY && coreModule && `/_astro/${coreModule}.classic.js`;
if (coreScript && flags.session) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = coreScript;
  link.onload = () => (coreIn = true);
  document.head.append(link);
}
/** Core's classic script (build/classic-core.ts), once it has run. */
let core: Promise<void> | undefined;
// The first screen's islands still to hydrate (or fail to), and the late ones that wait for them.
let hydrating = 0;
const late: (() => void)[] = [];

/**
 * Asks, once per page, for the chunks its first screen runs (`<html data-js>`: what runs first, what the
 * islands import, the lazy parts of the signed-in first screen, and the sign-in gate's, which a
 * signed-in user does not see and which goes last then; build/preload-chunks.ts). Signed in,
 * first the script that sends the page's first reads as it runs (`<html data-reads>`,
 * src/lib/api/first-reads.ts), or on a page without first reads the seal's chunk, as scripts. The rest
 * as preloads, or module scripts where `modulepreload` is unknown (Chromium 64, 65): they only define
 * what the islands import. A page the shell script is moving to its locale's URL has no session flag,
 * and asks for nothing.
 */
function askFirstScreen() {
  if (asked) return;
  asked = true;
  const [first, always, lazy, gate] = (flags.js || '').split('|');
  if (!flags.session || !always) return;
  const signedIn = flags.session == 'signed-in';
  if (signedIn && flags.reads) {
    // The first reads' script, preloaded as the page parsed (src/layouts/reads-script.ts): a classic
    // script, for every engine. Gone once it has run or failed, so the client knows not to wait for it.
    const script = document.createElement('script');
    script.src = `/_astro/${flags.reads}.js`;
    script.id = 'first-reads';
    script.onload = script.onerror = () => script.remove();
    document.head.append(script);
  }
  const preloads = document.createElement('link').relList.supports('modulepreload');
  const names = signedIn ? `${first} ${always} ${lazy} ${gate}` : `${always} ${gate}`;
  const askChunks = () => {
    for (const name of names.split(' ')) {
      if (!name || (coreScript && name == coreModule)) continue;
      const run = !preloads || first!.includes(name);
      const tag = document.createElement(run ? 'script' : 'link');
      tag.setAttribute(run ? 'type' : 'rel', run ? 'module' : 'modulepreload');
      tag.setAttribute(run ? 'src' : 'href', `${LEGACY ? '/_astro/legacy/' : '/_astro/'}${name}.js`);
      document.head.append(tag);
    }
  };
  // Core already in (preloaded as the page parsed, and the link was fast): the chunks are asked for as
  // it runs, a moment later, from the task that runs it. In Lighthouse's recorded load that is always the
  // case, and a task that starts two requests or more stays in its simulation's graph, which then sees
  // that core ran after the paint; a task that starts none it drops, and counts core into the paint
  // (docs/performance.md, "Core as a classic script"). Not in yet: core first, the largest, then the chunks.
  if (coreIn) runCore(askChunks);
  else {
    runCore();
    askChunks();
  }
}

/**
 * Runs core's classic script, once per page, and resolves once it has run: the chunks read core's
 * exports from what it leaves (build/classic-core.ts). Preloaded as the page parsed (above), it is
 * usually in by then. `then` runs in the task that ran it (askFirstScreen says why). If it
 * never comes, no island loads: they stay as the server drew them, and the page says it did not finish
 * loading (shell-events.ts). Without a script (a legacy engine, `astro dev`), at once.
 */
function runCore(then = () => {}) {
  if (!coreScript) return then();
  return (core ||= new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = coreScript;
    // An inserted script is fetched at low priority, behind the modules the islands import, which
    // need it first: high, as their module preloads are (unknown below Chromium 101: low there).
    script.fetchPriority = 'high';
    script.onload = () => (then(), resolve());
    document.head.append(script);
  }));
}

const painted: ClientDirective = (load, options, island) => {
  if (BELOW_FLOOR) {
    // Page.astro writes the notice on every page with islands.
    document.getElementById('old-engine')!.hidden = false;
    document.documentElement.classList.add('engine-old');
    return;
  }
  if (LEGACY) {
    for (const name of MODULE_URLS) {
      const url = island.getAttribute(name);
      if (url) island.setAttribute(name, url.replace('/_astro/', '/_astro/legacy/'));
    }
  }
  // `client:painted="late"` (tracking, the overlay): no part of the first screen (build/preload-chunks.ts
  // leaves it out), so not one more request queued with it on a link of six connections (HTTP/1.1): at
  // the paint it waits for the first screen's islands still hydrating. Never before the paint, whatever
  // the order the islands connect in: its start asks for the first screen's chunks too.
  const isLate = options.value == 'late';
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    askFirstScreen();
    try {
      await runCore();
      await (
        await load()
      )();
    } finally {
      if (!isLate && !--hydrating) late.splice(0).forEach((run) => run());
    }
  };
  const atPaint = () => (isLate && hydrating ? late.push(start) : start());
  if (!isLate) hydrating++;
  // Painted already (the parser may paint what it has, the bar, before it reaches an island): in a task
  // of its own, as an observer's callback would run, not within the parse of the rest of the page. That
  // is not yet the content's paint either (docs/performance.md, "Four more tries"), but a paint entry is
  // the screen's time, where a frame drawn on the main thread may reach the screen 100 ms later. Else at
  // the paint: an observer of what is still to come (`buffered`, Chromium 77, is not needed).
  if (performance.getEntriesByName(FCP).length) return void setTimeout(atPaint);
  setTimeout(atPaint, PAINT_WAIT_MS);
  try {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName(FCP).length) return;
      observer.disconnect();
      atPaint();
    });
    observer.observe({ entryTypes: ['paint'] });
  } catch {
    // No paint timing: the timer above.
  }
};

export default painted;
