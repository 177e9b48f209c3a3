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
 * The name a route's page has in the build (and in src/pages): its path without `.html`, `index` for `/`.
 * @example pageName('license.html') // 'license'
 */
export const pageName = (path) => path.replace(/\.html$/, '') || 'index';
/** Pages that ship no JS of their own (the legal texts), by page name. */
export const TEXT_PAGES = ROUTES.filter(isTextPage).map((r) => pageName(r.path));
export const TOOL_PAGES = ROUTES.filter((r) => r.tool).map((r) => pageName(r.path));

/** Gzip size at level 9: deterministic, and what the CDN's `gzip_static` copies are. */
export const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
/** @example kb(2048) // '2.0' */
export const kb = (bytes) => (bytes / KB).toFixed(1);

/** Every HTML file of the build, in directory order. @example htmlFiles()[0] // 'dist/AccountOrDevicePdf.html' */
export const htmlFiles = () => htmlFilesIn(DIST);

/**
 * The JS files a page loads before any interaction: entry scripts, islands, and what they import statically.
 * @example firstLoadJs(html) // ['/_astro/page.x.js', '/_astro/core.y.js', ...]
 */
export const firstLoadJs = (html) => [...staticGraph(entryUrls(html), (url) => readFileSync(join(DIST, url), 'utf8'))];

/** The external stylesheets a page links (the build inlines CSS, so normally none). */
export function stylesheets(html) {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="?stylesheet\b/.test(tag))
    .map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((url) => url?.startsWith('/'));
}

/** What pageOf calls the locale of a page built without a prefix (served as en-US). */
export const UNPREFIXED = 'en-US (unprefixed)';
/** Route name of a dist file, without locale prefix or `.html`. @example pageOf('dist/th-TH/license.html') // { locale: 'th-TH', route: 'license' } */
export function pageOf(file) {
  const path = relative(DIST, file).replace(/\.html$/, '');
  const [first, ...rest] = path.split('/');
  if (LOCALES.includes(first)) return { locale: first, route: rest.join('/') || 'index' };
  if (LOCALES.includes(path)) return { locale: path, route: 'index' };
  return { locale: UNPREFIXED, route: path };
}

const assetSizes = new Map(); // url → { raw, gzip }: shared assets are read and compressed once
/** Raw and gzip bytes of a built asset. @example assetSize('/_astro/core.C4u9dPfa.js') // { raw: 38407, gzip: 15035 } */
export const assetSize = (url) => {
  if (!assetSizes.has(url)) {
    const body = readFileSync(join(DIST, url));
    assetSizes.set(url, { raw: body.length, gzip: gz(body) });
  }
  return assetSizes.get(url);
};
const total = (urls, key) => urls.reduce((sum, url) => sum + assetSize(url)[key], 0);

/**
 * One built page and the bytes it loads first: its HTML (inline CSS and scripts included), its
 * external CSS, and its first-load JS; each raw and gzip -9.
 * @example measure('dist/vip-center.html').js.files // ['/_astro/...js', ...]: entry, islands, static imports
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
