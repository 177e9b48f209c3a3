// @ts-check
// The built pages of dist/ and what each one loads, measured in bytes: shared by `npm run test:size`
// (scripts/budget.mjs, the budgets) and `npm run bench` (scripts/bench.mjs, docs/performance.md).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryUrls, htmlFilesIn, staticGraph } from './chunk-graph.mjs';
// Node 24 strips the types of these two: the route table and the locales are read, not restated.
import { LOCALES } from '../../src/shared/locale.ts';
import { ROUTES, isTextPage } from '../../src/shared/routes.ts';

export const DIST = 'dist';
export const KB = 1024;
/** `npm run test:size`'s budgets (scripts/budget.mjs says where each figure comes from); the bench quotes them. */
// toolJs: the pages for the app team, not users (Route.tool: the bridge check), which carry their checks.
export const BUDGET = { html: 14 * KB, shell: 4 * KB, events: 2.5 * KB, js: 20 * KB, toolJs: 28 * KB };
/**
 * The byte policy under the budgets (docs/performance.md, "Byte policy"): a page's first-load JS stays
 * 1 KB under its 20 KB budget, so the next feature is not a byte hunt; and each island's own first-load
 * JS (its chunks other than core, which every island page shares) has a limit of its own, so one
 * page's feature cannot spend what the shared chunks and the other islands need.
 */
export const POLICY = { js: 19 * KB, island: 3.5 * KB };

/**
 * The name a route's page has in the build (and in src/pages): its path without `.html`, `index` for `/`.
 * @example pageName('license.html') // 'license'
 * @param {string} path
 */
export const pageName = (path) => path.replace(/\.html$/, '') || 'index';
/** Pages that ship no JS of their own (the legal texts), by page name. */
export const TEXT_PAGES = ROUTES.filter(isTextPage).map((r) => pageName(r.path));
export const TOOL_PAGES = ROUTES.filter((r) => r.tool).map((r) => pageName(r.path));

/** Gzip size at level 9: deterministic, and what the CDN's `gzip_static` copies are. @param {string | Buffer} buffer */
export const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
/** @example kb(2048) // '2.0' @param {number} bytes */
export const kb = (bytes) => (bytes / KB).toFixed(1);

/** Every HTML file of the build, in directory order. @example htmlFiles()[0] // 'dist/AccountOrDevicePdf.html' */
export const htmlFiles = () => htmlFilesIn(DIST);

/**
 * The JS files a page loads before any interaction: entry scripts, islands, and what they import statically.
 * @example firstLoadJs(html) // ['/_astro/page.x.js', '/_astro/core.y.js', ...]
 * @param {string} html
 */
export const firstLoadJs = (html) => [...staticGraph(entryUrls(html), (url) => readFileSync(join(DIST, url), 'utf8'))];

/**
 * Each island of a page and its own first-load JS: the island's chunk and what it imports statically,
 * core (every island page's) left out. By island chunk URL, legacy copies left out (the same code).
 * @example islandsOf(html).get('/_astro/KReport.x.js') // { files: ['/_astro/KReport.x.js', '/_astro/report.y.js', …], gzip: 3180 }
 * @param {string} html
 * @returns {Map<string, { files: string[], gzip: number }>}
 */
export function islandsOf(html) {
  const read = (/** @type {string} */ url) => readFileSync(join(DIST, url), 'utf8');
  const islands = new Map();
  for (const [, url = ''] of html.matchAll(/<astro-island\b[^>]*\bcomponent-url="([^"]+)"/g)) {
    if (islands.has(url) || url.includes('/legacy/')) continue;
    const files = [...staticGraph([url], read)].filter((file) => !/\/core\.[\w-]+(?:\.classic)?\.js$/.test(file));
    islands.set(url, { files, gzip: total(files, 'gzip') });
  }
  return islands;
}

/**
 * The external stylesheets a page links (the build inlines CSS, so normally none).
 * @param {string} html
 * @returns {string[]}
 */
export function stylesheets(html) {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="?stylesheet\b/.test(tag))
    .flatMap((tag) => {
      const url = /\bhref="([^"]+)"/.exec(tag)?.[1];
      return url?.startsWith('/') ? [url] : [];
    });
}

/** What pageOf calls the locale of a page built without a prefix (served as en-US). */
export const UNPREFIXED = 'en-US (unprefixed)';
/** @type {readonly string[]} */
const LOCALE_NAMES = LOCALES;
/**
 * Route name of a dist file, without locale prefix or `.html`.
 * @example pageOf('dist/th-TH/license.html') // { locale: 'th-TH', route: 'license' }
 * @param {string} file
 * @returns {{ locale: string, route: string }}
 */
export function pageOf(file) {
  const path = relative(DIST, file).replace(/\.html$/, '');
  const [first = '', ...rest] = path.split('/');
  if (LOCALE_NAMES.includes(first)) return { locale: first, route: rest.join('/') || 'index' };
  if (LOCALE_NAMES.includes(path)) return { locale: path, route: 'index' };
  return { locale: UNPREFIXED, route: path };
}

/** @typedef {{ raw: number, gzip: number }} Size raw and gzip -9 bytes */
/** @type {Map<string, Size>} url → sizes: shared assets are read and compressed once */
const assetSizes = new Map();
/**
 * Raw and gzip bytes of a built asset.
 * @example assetSize('/_astro/core.C4u9dPfa.js') // { raw: 38407, gzip: 15035 }
 * @param {string} url
 * @returns {Size}
 */
export const assetSize = (url) => {
  let size = assetSizes.get(url);
  if (!size) {
    const body = readFileSync(join(DIST, url));
    size = { raw: body.length, gzip: gz(body) };
    assetSizes.set(url, size);
  }
  return size;
};
/** @param {string[]} urls @param {keyof Size} key */
const total = (urls, key) => urls.reduce((sum, url) => sum + assetSize(url)[key], 0);

/**
 * One built page and the bytes it loads first: its HTML (inline CSS and scripts included), its
 * external CSS, and its first-load JS; each raw and gzip -9.
 * @example measure('dist/vip-center.html').js.files // ['/_astro/...js', ...]: entry, islands, static imports
 * @param {string} file
 */
export function measure(file) {
  const html = readFileSync(file, 'utf8');
  const { locale, route } = pageOf(file);
  const js = firstLoadJs(html);
  const css = stylesheets(html);
  return {
    file,
    locale,
    route,
    text: TEXT_PAGES.includes(route),
    tool: TOOL_PAGES.includes(route),
    source: html,
    html: { raw: Buffer.byteLength(html), gzip: gz(html) },
    css: { files: css, raw: total(css, 'raw'), gzip: total(css, 'gzip') },
    js: { files: js, raw: total(js, 'raw'), gzip: total(js, 'gzip') },
  };
}
