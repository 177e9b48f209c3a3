/**
 * The inline script of pages with islands, right after the shell script (which has set
 * `<html data-session>`): it gets their first screen under way as soon as the page has painted, and
 * marks the moment that screen is useful. Bundled to ES5 and hashed into the CSP like the shell script
 * (astro.config.mjs); text pages, which run no script, do not carry it.
 */
const doc = document;
const flags = doc.documentElement.dataset;

/**
 * Asks for the chunks the first screen runs (`<html data-js>`, scripts/preload-chunks.mjs), all at
 * once when the page has painted, not a tier of imports at a time; signed in, also the lazy ones its data
 * screen draws with (the seal of its first reads, say). An engine without structuredClone runs the
 * lowered copies (src/components/shell/painted.ts, the same test); one below the floor (no
 * ResizeObserver) runs none. A page the shell script is moving to its
 * locale's URL has no session flag, and asks for nothing.
 */
function preload() {
  const lists = (flags.js || '').split('|');
  if (!flags.session || !lists[0] || typeof ResizeObserver == 'undefined') return;
  const probe = doc.createElement('link');
  const preloads = probe.relList && probe.relList.supports && probe.relList.supports('modulepreload');
  const dir = typeof structuredClone == 'function' ? '/_astro/' : '/_astro/legacy/';
  // A slow link serves requests about in the order asked: what every island needs (core) first.
  const names = (flags.session == 'signed-in' && lists[1] ? lists[0] + ' ' + lists[1] : lists[0]).split(' ');
  for (let i = 0; i < names.length; i++) {
    // Without modulepreload (Chromium 64, 65), a module script: the chunk runs as it arrives, which
    // for these chunks only defines what the islands import.
    const tag = doc.createElement(preloads ? 'link' : 'script');
    tag.setAttribute(preloads ? 'rel' : 'type', preloads ? 'modulepreload' : 'module');
    tag.setAttribute(preloads ? 'href' : 'src', dir + names[i] + '.js');
    doc.head.appendChild(tag);
  }
}

/**
 * `performance.mark('useful')`, once, as soon as an element with `data-useful` is in the document: an
 * island puts the attribute on what the user came for (the prices, the balance, the list) in the
 * render that draws it from the server's data, and this observer runs before that frame paints
 * (docs/performance.md, "Useful content"). Here rather than in the islands' code, where it would
 * weigh on every page's first-load JavaScript.
 */
function watchUseful() {
  if (typeof MutationObserver != 'function' || !performance.mark) return;
  const observer = new MutationObserver(() => {
    if (!doc.querySelector('[data-useful]')) return;
    observer.disconnect();
    performance.mark('useful');
  });
  // The server's HTML never has the attribute (no island has its data then): watching starts with hydration's DOM.
  doc.addEventListener('DOMContentLoaded', () =>
    observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-useful'] }),
  );
}

/** Runs `then` once the page has painted (as src/components/shell/painted.ts waits for it), or after a second. */
function painted(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  setTimeout(once, 1000);
  try {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      observer.observe({ entryTypes: ['paint'] });
    }
  } catch {
    // No paint timing: the timer.
  }
}

try {
  // Not before the paint: the HTML has the link to itself until then.
  painted(preload);
  watchUseful();
} catch {
  // An engine below the floor: nothing of this is needed for the page to read.
}
