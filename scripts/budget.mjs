// @ts-check
// `npm run test:size`: byte budgets over dist/, deterministic (gzip level 9). Prints a table and exits
// non-zero past a budget. Budgets (BUDGET in scripts/lib/pages.mjs; ARCHITECTURE.md, issue 2):
//   - every page's HTML (with its inline CSS and inline script) <= 14 KB gzip: first paint in one round trip;
//     served from the build's brotli and gzip copies (build/precompress.ts), which must be the page;
//   - the inline shell script before first paint <= 4 KB minified (2 KB until issue 18, which has it
//     choose the first screen: the sign-in gate by the host's account, outside the app by the brand;
//     3 KB until issue 26, which compiles it to ES5 so that any engine parses it, reads the query
//     without URLSearchParams, and cleans a title without property escapes where the engine has
//     none: +1.1 KB minified, +0.45 KB gzip);
//   - the inline event script (event wiring, end of <body>) <= 2.5 KB minified (2 KB before ES5, 2.25
//     until issue 27 gave the host spec §7's two helpers, getH5Theme and getH5Language: +0.29 KB);
//   - text pages load no external JS at all;
//   - the app team's pages (the bridge check, issue 30) <= BUDGET.toolJs: they carry the checks;
//   - first-load JS of any other page <= BUDGET.js gzip: the module scripts and islands it loads and their static
//     imports. Dynamic imports (the seal chunk, loaded on the first API call) are not first-load.
//     20 KB until issue 14: a refused session now asks to sign in and retries (0.1 KB in the client)
//     and the abuse limits add refusal codes; issue 18: +2.1 KB for the React API (preact/compat),
//     -0.8 KB with plain messages and the gate in the HTML, +0.8 KB on /k-report, whose first screen
//     now draws the form's reasons and description (disabled) from the HTML, -0.9 KB without Vite's
//     preload helper: 22 KB (21.7 on the heaviest page). Issue 29: 20 KB, 19.9 on the heaviest page
//     (compat's unused classes tree-shaken, the bridge's calls declared per area, a local useStore).
//     Issue 43: preact/compat gone, 18.8 KB on the heaviest page.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { KIT_FILE } from '../build/kit-bundle.ts';
import { BUDGET, DIST, POLICY, assetSize, htmlFiles, islandsOf, kb, measure } from './lib/pages.mjs';

const failures = [];
const islandFailures = new Set();
let islandMax = 0; // the heaviest island's own first-load JS, B gzip
const rows = new Map(); // route → worst figures over its 10 URL variants
const pages = htmlFiles();

for (const file of pages) {
  const {
    locale,
    route,
    text,
    tool,
    source: html,
    html: { gzip: htmlGz },
    js: { files: js, gzip: firstLoadGz },
  } = measure(file);
  // The bridge check imports its model at once from a file of its own (build/kit-bundle.ts): counted.
  const jsGz = firstLoadGz + (tool ? assetSize(`/${KIT_FILE}`).gzip : 0);
  const where = `${route} (${locale})`;
  if (htmlGz > BUDGET.html) failures.push(`${where}: HTML ${kb(htmlGz)} KB gzip > ${kb(BUDGET.html)} KB`);
  // The copies the CDN serves (build/precompress.ts) are this page: a page changed after the build
  // would otherwise reach users as it was.
  for (const [suffix, decode] of /** @type {const} */ ([
    ['.br', brotliDecompressSync],
    ['.gz', gunzipSync],
  ])) {
    if (!existsSync(file + suffix) || !decode(readFileSync(file + suffix)).equals(Buffer.from(html))) {
      failures.push(`${where}: ${relative(DIST, file)}${suffix} is missing or is not the page (build again)`);
    }
  }
  const jsBudget = tool ? BUDGET.toolJs : BUDGET.js;
  if (jsGz > jsBudget) failures.push(`${where}: first-load JS ${kb(jsGz)} KB gzip > ${kb(jsBudget)} KB`);
  // The byte policy (scripts/lib/pages.mjs POLICY): a user page keeps 1 KB under its budget, and each
  // island keeps to its own share. The app team's pages carry their checks and have their own budget.
  else if (!tool && jsGz > POLICY.js) failures.push(`${where}: first-load JS ${jsGz} B gzip > ${POLICY.js} B, the policy's line 1 KB under the budget`);
  if (!tool)
    for (const [url, island] of islandsOf(html)) {
      islandMax = Math.max(islandMax, island.gzip);
      if (island.gzip > POLICY.island && !islandFailures.has(url)) {
        islandFailures.add(url);
        failures.push(`${url} (on ${where}): its own first-load JS ${island.gzip} B gzip > ${POLICY.island} B (${island.files.join(', ')})`);
      }
    }
  if (text && (js.length || /<script(?![^>]*type="application\/json")[^>]*\bsrc=|<astro-island/.test(html))) {
    failures.push(`${where}: a text page loads external JS (${js.join(', ') || 'an island'})`);
  }
  const row = rows.get(route) ?? { route, kind: text ? 'text' : tool ? 'tool' : 'app', files: 0, html: 0, js: 0, scripts: 0 };
  rows.set(route, { ...row, files: row.files + 1, html: Math.max(row.html, htmlGz), js: Math.max(row.js, jsGz), scripts: Math.max(row.scripts, js.length) });
}

// The inline shell scripts: the first thing in <body> (before first paint) and the last (event
// wiring), identical on every page.
const sample = readFileSync(join(DIST, 'index.html'), 'utf8');
const shell = sample.match(/<body[^>]*>\s*<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
const events = sample.match(/<script>((?:(?!<script>)[\s\S])*?)<\/script>\s*<\/body>/)?.[1] ?? '';
if (!shell) failures.push('the inline shell script was not found first in <body>');
if (!events) failures.push('the inline event script was not found last in <body>');
for (const [name, code, budget] of /** @type {const} */ ([
  ['shell', shell, BUDGET.shell],
  ['event', events, BUDGET.events],
])) {
  if (code.length > budget) failures.push(`inline ${name} script ${code.length} B > ${budget} B minified`);
}

const sorted = [...rows.values()].sort((a, b) => a.kind.localeCompare(b.kind) || b.html - a.html);
console.log('route | kind | URLs | HTML gzip KB (max) | first-load JS gzip KB (max) | JS files');
console.log('--- | --- | --- | --- | --- | ---');
for (const r of sorted) console.log(`${r.route} | ${r.kind} | ${r.files} | ${kb(r.html)} | ${kb(r.js)} | ${r.scripts}`);

/** @param {string} kind @param {'html' | 'js'} key */
const max = (kind, key) => Math.max(0, ...sorted.filter((r) => !kind || r.kind === kind).map((r) => r[key]));
const summary = {
  pages: pages.length,
  routes: rows.size,
  shellBytes: shell.length,
  eventBytes: events.length,
  textHtmlMaxKb: kb(max('text', 'html')),
  appHtmlMaxKb: kb(max('app', 'html')),
  textJsMaxKb: kb(max('text', 'js')),
  appJsMaxKb: kb(max('app', 'js')),
  toolJsMaxKb: kb(max('tool', 'js')),
  appJsMaxBytes: max('app', 'js'),
  islandMaxBytes: islandMax,
};
console.log(
  `\n${summary.pages} pages over ${summary.routes} routes; inline scripts: shell ${summary.shellBytes} B, events ${summary.eventBytes} B (budgets ${BUDGET.shell} B and ${BUDGET.events} B)`,
);
console.log(`max HTML gzip: text ${summary.textHtmlMaxKb} KB, app ${summary.appHtmlMaxKb} KB (budget ${kb(BUDGET.html)} KB)`);
console.log(
  `max first-load JS gzip: text ${summary.textJsMaxKb} KB, app ${summary.appJsMaxKb} KB (budget ${kb(BUDGET.js)} KB), the app team's ${summary.toolJsMaxKb} KB (budget ${kb(BUDGET.toolJs)} KB)`,
);
mkdirSync('node_modules/.cache', { recursive: true });
writeFileSync('node_modules/.cache/budget.json', JSON.stringify(summary, null, 2));

// The README quotes these figures; it must say what the build measures (STYLE.md habit 10).
const block = [
  '| budget | limit | measured (max over all pages) |',
  '|---|---|---|',
  `| pages built (routes × 10 URL variants) | every route | ${summary.pages} (${summary.routes} routes) |`,
  `| inline shell script, before first paint (minified) | ${kb(BUDGET.shell)} KB | ${summary.shellBytes} B |`,
  `| inline event script, end of body (minified) | ${kb(BUDGET.events)} KB | ${summary.eventBytes} B |`,
  `| HTML + inline CSS + inline scripts, gzip: text pages | ${kb(BUDGET.html)} KB | ${summary.textHtmlMaxKb} KB |`,
  `| HTML + inline CSS + inline scripts, gzip: app pages | ${kb(BUDGET.html)} KB | ${summary.appHtmlMaxKb} KB |`,
  `| first-load JS, gzip: text pages | none | ${summary.textJsMaxKb} KB |`,
  `| first-load JS, gzip: app pages (the seal loads later) | ${kb(BUDGET.js)} KB | ${summary.appJsMaxKb} KB |`,
  `| the byte policy: app pages' first-load JS, gzip | ${POLICY.js} B | ${summary.appJsMaxBytes} B |`,
  `| the byte policy: one island's own first-load JS (core apart), gzip | ${POLICY.island} B | ${summary.islandMaxBytes} B |`,
  `| first-load JS, gzip: the app team's pages (the bridge check) | ${kb(BUDGET.toolJs)} KB | ${summary.toolJsMaxKb} KB |`,
].join('\n');
const readme = readFileSync('README.md', 'utf8');
const marked = /<!-- budgets:start -->\n[\s\S]*?\n<!-- budgets:end -->/;
const wanted = `<!-- budgets:start -->\n${block}\n<!-- budgets:end -->`;
if (process.argv.includes('--write')) {
  writeFileSync('README.md', readme.replace(marked, wanted));
  console.log('README budgets updated.');
} else if (!sameFigures(readme.match(marked)?.[0] ?? '', wanted)) {
  failures.push('README.md budgets differ from the build: run `npm run test:size -- --write` and commit');
}

// The heaviest app page's first-load JS file by file, into docs/performance.md (issue 29: what stands
// between it and 16 KB). Written with --write only: every change of code moves these bytes a little.
if (process.argv.includes('--write')) writeChunkBreakdown();

function writeChunkBreakdown() {
  const app = pages.map((file) => measure(file)).filter((m) => !m.text && !m.tool);
  const heaviest = app.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
  const rowsOf = heaviest.js.files
    .map((url) => ({
      name: url.replace(/^\/_astro\//, '').replace(/\.[\w-]{8}(\.classic)?\.js$/, (_, classic) => (classic ? ' (its classic script)' : '')),
      gzip: assetSize(url).gzip,
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const section = [
    '<!-- chunks:start -->',
    `\`npm run test:size -- --write\` on ${new Date().toISOString().slice(0, 10)}: the heaviest app page, \`${relative(DIST, heaviest.file)}\`, loads ${heaviest.js.files.length} files before any interaction, ${heaviest.js.gzip} B gzip in all (budget ${BUDGET.js} B; the goal of issue 29, 20,480 B).`,
    '',
    '| file | B gzip |',
    '|---|---|',
    ...rowsOf.map((r) => `| ${r.name} | ${r.gzip} |`),
    '<!-- chunks:end -->',
  ].join('\n');
  const file = 'docs/performance.md';
  const doc = readFileSync(file, 'utf8');
  const markers = /<!-- chunks:start -->[\s\S]*<!-- chunks:end -->/;
  writeFileSync(file, markers.test(doc) ? doc.replace(markers, section) : doc);
  console.log(markers.test(doc) ? `${file}: the heaviest page's files written.` : `${file} has no chunks markers`);
}

/**
 * Do the README's figures match the build's? Sizes may differ by 0.1 KB: Astro gives each island a
 * random uid per build, so the same source gzips a few bytes apart and can round either way.
 * @param {string} quoted
 * @param {string} measured
 */
function sameFigures(quoted, measured) {
  const a = quoted.split('\n');
  const b = measured.split('\n');
  // In bytes: the measured figure in KB or in B, the same 0.1 KB apart at most.
  const bytesOf = (/** @type {string | undefined} */ line) => {
    const [, figure, unit] = /\| ([\d.]+) (KB|B) \|$/.exec(String(line)) ?? [];
    return Number(figure) * (unit === 'KB' ? 1024 : 1);
  };
  return a.length === b.length && a.every((line, i) => line === b[i] || Math.abs(bytesOf(line) - bytesOf(b[i])) <= 0.1 * 1024);
}

if (failures.length) {
  console.error(`\n${failures.length} budget failures:\n- ${failures.slice(0, 40).join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll pages within budget.');
