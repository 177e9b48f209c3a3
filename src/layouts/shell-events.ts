/**
 * The shell's event wiring, inlined as the last thing in <body> of every page and hashed into the
 * CSP like shell-script.ts. Nothing here is needed for first paint, so it does not delay it. It works
 * on text pages, which load no other JavaScript. Budget: 2.5 KB minified (scripts/budget.mjs).
 */
import { CHUNK_ERROR_MS } from '../shared/limits';
import { appLink } from '../lib/platform';
import { KEEP, applyTheme, themeOf } from '../shared/shell-rules';

type Host = Record<string, (() => unknown) | undefined>;

const doc = document;
const html = doc.documentElement;
const flags = html.dataset;
const host = (window as unknown as { NativeBridge?: Host }).NativeBridge;

// The shell script put a title from the query into <title> and hid the heading until now.
if (html.classList.contains('title-swap')) {
  doc.getElementById('page-title')!.textContent = doc.title;
  html.classList.remove('title-swap');
}

// The host switches theme while the page is open; src/lib/bridge keeps this as its first subscriber.
(window as unknown as { h5Dark: (json: unknown) => void }).h5Dark = (json) => {
  try {
    const theme = typeof json === 'string' ? JSON.parse(json) : json;
    applyTheme(html, themeOf(theme && theme.dark, theme && theme.bgColor));
  } catch {
    // A malformed payload leaves the theme as it is.
  }
};

// Spec §7's two helpers that give a JSON string from the page's creation on: the host may ask, at any
// time, what the page shows (to paint its own bars to match, to word its dialogs), e.g. with
// evaluateJavascript("getH5Theme()"). Both read the live page, so they follow h5Dark and the query;
// the background is the colour the body really has, as six hex digits like the host's own `dark`.
const helpers = window as unknown as Record<string, () => string>;
helpers.getH5Theme = () =>
  JSON.stringify({
    bgColor: getComputedStyle(doc.body)
      .backgroundColor.match(/\d+/g)!
      .map((n) => (256 + +n).toString(16).slice(1))
      .join(''),
    dark: +/^dark/.test(flags.theme!),
  });
helpers.getH5Language = () => JSON.stringify({ language: html.lang });

// The host's own words a first screen shows (the comment /k-report is about): the element names the
// host's query and the field (`data-host="getKReportInfo content"`, written in our HTML, never from
// input), and gets the value as text. The island that draws it takes the same value on hydration.
for (const slot of doc.querySelectorAll<HTMLElement>('[data-host]')) {
  const [method, field] = slot.dataset.host!.split(' ');
  try {
    const value = JSON.parse(String(host![method!]!()))[field!];
    if (typeof value === 'string') slot.textContent = value;
  } catch {
    // No host, no such query or not JSON: the slot stays empty, as the island will draw it.
  }
}

// The gate's open-in-app link (src/islands/ui/AppGate.tsx) opens this page with its query.
const openInApp = doc.querySelector<HTMLAnchorElement>('.gate-app a');
if (openInApp) openInApp.href = appLink(location.pathname, location.search);

doc.addEventListener('click', (event) => {
  const target = event.target as Element;
  // A link to another page of this site carries the shell's query (pageHref in src/lib/nav.ts does the
  // same for the islands' own navigation): the next page keeps the bar, the theme and the language.
  // Only the allow-listed names, copied from this page's query onto a link written in our HTML.
  const link = target.closest('a[href]') as HTMLAnchorElement | null;
  if (link && link.origin === location.origin) {
    const url = new URL(link.href);
    const query = new URLSearchParams(location.search);
    for (const name of KEEP) if (query.has(name) && !url.searchParams.has(name)) url.searchParams.set(name, query.get(name)!);
    link.href = url.href;
  }
  if (!target.closest('.bar-back')) return;
  // Opened straight from the app there is no history to go back to: close the WebView instead.
  if (flags.back || history.length < 2) host && host.finishPage && host.finishPage();
  else history.back();
});

// The bar over a coloured band turns solid once content scrolls under it (base.css). No first look:
// a page starts at the top, and restoring its scroll position (a reload) fires `scroll`. Reading
// scrollY while the parser runs would force a layout of the whole document inside the parser's task
// (50 ms of a Thai page at Lighthouse's 4× slowdown, all of it blocking time).
addEventListener('scroll', () => html.classList.toggle('scrolled', scrollY > 0), { passive: true });

// "scrolls to top" (spec §2), also when shown again from the back/forward cache. "keeps scroll
// position" (/k-recharge) is the page's: it keeps it through the host too (src/lib/coins/recharge-purchase.ts).
addEventListener('pageshow', () => flags.scroll === 'top' && scrollTo(0, 0));

// spec §8: a page whose island chunk never loads shows an error after 120 s. Astro removes `ssr`
// from an island once it hydrated, so one still carrying it has failed.
setTimeout(() => doc.querySelector('astro-island[ssr]') && doc.getElementById('chunk-error')!.removeAttribute('hidden'), CHUNK_ERROR_MS);
