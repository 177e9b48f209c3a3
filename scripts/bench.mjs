// `npm run bench`: builds the site and times it, measures every page's bytes, runs Lighthouse (mobile,
// 3 runs, median) on one page per area and on a bare HTML page for comparison, and writes the figures
// to docs/performance.md. A measurement, not a gate: the gates are `npm run test:size` and `test:lh`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { ROUTES, isTextPage, routeFor } from '../src/shared/routes.ts';
import { IN_APP_UID, hostScript, issueSession } from './lib/in-app.mjs';
import { BARE, BARE_HTML, startLab } from './lib/lab.mjs';
import { CHROME_PATH, firstScreenNeeds, lighthouseRun, medianRun } from './lib/lighthouse-runs.mjs';
import { BUDGET, assetSize, htmlFiles, kb, measure, pageName } from './lib/pages.mjs';

const started = performance.now();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT = 'docs/performance.md';
// One page per area (src/shared/routes.ts), as the host app opens them: with a status bar height.
const AREA_PAGES = [
  ['none', '/', 'empty by spec §2: "nothing shown"'],
  ['vip', '/vip-center'],
  ['coins', '/k-recharge'],
  ['report', '/k-report'],
  ['help', '/feedback'],
  ['music', '/download'],
  ['legal', '/license.html'],
  ['personal', '/private.html'],
].map(([area, path, note]) => ({ area, path: `${path}?status_height=24`, note, text: isTextPage(routeFor(path.slice(1))) }));
// Each of them twice: as a browser opens it (nothing injects a host), and inside the app, the state
// users see (scripts/lib/in-app.mjs: the bridge injected before any page script, signed in). `/`
// paints nothing in either.
const STATES = ['outside', 'in the app'];
// The team's aim, against a bare HTML file: a text page as fast, an app page within 150 ms (FCP and LCP).
// The targets: LCP after the bare page's by what the first screen needs (lighthouserc.json).
const { lcpOverBareMs } = JSON.parse(readFileSync('lighthouserc.json', 'utf8')).inApp;
// 1. Build, timed on the wall clock.
console.log('Building (astro build)…');
const buildStart = performance.now();
const build = spawnSync('npx', ['astro', 'build'], { encoding: 'utf8' });
const buildSeconds = (performance.now() - buildStart) / 1000;
if (build.status !== 0) {
  console.error(build.stdout, build.stderr);
  throw new Error('astro build failed');
}

// 2. Bytes of every page, worst over each route's URL variants (unprefixed + nine locales).
const pages = htmlFiles().map(measure);
const routes = ROUTES.map((r) => {
  const variants = pages.filter((p) => p.route === pageName(r.path));
  const worst = (part, key) => Math.max(0, ...variants.map((p) => p[part][key]));
  return {
    path: `/${r.path}`,
    area: r.area,
    urls: variants.length,
    html: worst('html', 'raw'),
    htmlGz: worst('html', 'gzip'),
    css: worst('css', 'raw'),
    cssGz: worst('css', 'gzip'),
    js: worst('js', 'raw'),
    jsGz: worst('js', 'gzip'),
    jsFiles: Math.max(0, ...variants.map((p) => p.js.files.length)),
  };
});
const counted = routes.reduce((sum, r) => sum + r.urls, 0);
if (counted !== pages.length) throw new Error(`${pages.length - counted} built pages match no route of src/shared/routes.ts`);
console.log(`${pages.length} pages built in ${buildSeconds.toFixed(1)} s; bytes measured.`);

// 3. Lighthouse against the reference server, in rounds (every page once, three times over), so that
// a slow moment of the machine does not fall on one page's three runs.
const targets = [
  { ...BARE, state: '' },
  ...STATES.flatMap((state) => AREA_PAGES.filter((p) => state === 'outside' || p.area !== 'none').map((p) => ({ ...p, state }))),
].map((t) => ({ ...t, runs: [] }));
const loadBefore = os.loadavg();
const lab = await startLab(Number(process.env.BENCH_PORT ?? 4371));
try {
  const { origin } = lab;
  const session = await issueSession(origin);
  const inject = hostScript();
  for (let round = 1; round <= RUNS; round++) {
    // A page that painted nothing once paints nothing again (and each try waits 30 s for a paint).
    for (const target of targets.filter((t) => !t.runs[0]?.error)) {
      const inApp = target.state === 'in the app';
      const run = await lighthouseRun(`${origin}${target.path}${inApp ? `&app_sessionid=${session}` : ''}`, inApp ? { inject } : {});
      target.runs.push(run);
      const figures = run.error ?? `performance ${run.performance}, FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${ms(run.tbt)}`;
      console.log(`run ${round}/${RUNS} ${target.path}${target.state ? ` (${target.state})` : ''}: ${figures}`);
    }
  }
} finally {
  lab.stop();
}
const loadAfter = os.loadavg();
// The useful mark of every data page on a throttled link (scripts/useful.mjs): its table goes into the
// file as a section of its own, kept below; a page over its gate is reported there, not an error here.
spawnSync(process.execPath, ['scripts/useful.mjs', '--write'], { stdio: 'inherit' });

// 4. docs/performance.md
const medians = targets.map((t) => ({ ...t, median: t.runs[0].error ? t.runs[0] : medianRun(t.runs) }));
const base = medians[0].median;
const totalSeconds = (performance.now() - started) / 1000;
writeFileSync(OUT, report());
console.log(`\n${OUT} written. Build ${buildSeconds.toFixed(1)} s, ${pages.length} pages; whole bench ${minutes(totalSeconds)}.`);

function report() {
  const maxOf = (key) => Math.max(...routes.map((r) => r[key]));
  const sumOf = (part, key) => pages.reduce((sum, p) => sum + p[part][key], 0);
  const distinct = (part) => [...new Set(pages.flatMap((p) => p[part].files))];
  const assetBytes = (part, key) => distinct(part).reduce((sum, url) => sum + assetSize(url)[key], 0);
  const kbs = (...values) => values.map(kb).join(' | ');
  const byteRows = routes.map((r) => `| \`${r.path}\` | ${r.area} | ${r.urls} | ${kbs(r.html, r.htmlGz, r.css, r.cssGz, r.js, r.jsGz)} | ${r.jsFiles} |`);
  const lhRows = medians.map(({ area, path, state, text, runs, median: m }) => {
    if (m.error) return `| ${area} | \`${path}\` | ${state} | ${m.error}: no paint |${' – |'.repeat(13)}`;
    const baseline = area === 'baseline';
    const needs = firstScreenNeeds(path) ?? (text ? 'text' : 'server');
    const [dFcp, dLcp] = [m.fcp - base.fcp, m.lcp - base.lcp];
    const delta = (d) => (baseline ? '–' : `${d < 0 ? '−' : '+'}${Math.abs(Math.round(d))}`);
    const aim = baseline ? '' : `${needs} ≤ +${lcpOverBareMs[needs]}: ${dLcp <= lcpOverBareMs[needs] ? 'met' : 'not met'}`;
    const scores = `${m.performance} (${runs.map((r) => r.performance).join(', ')})`;
    const times = [m.fcp, m.lcp, m.tbt].map(Math.round).join(' | ');
    // The LCP element as Lighthouse names it, with characters that would break the table taken out.
    const element = m.lcpElement ? `\`${m.lcpElement.replace(/[|`\n]/g, ' ').slice(0, 60)}\`` : '';
    return `| ${area} | \`${path}\` | ${state} | ${scores} | ${m.accessibility} | ${m.bestPractices} | ${times} | ${m.cls.toFixed(3)} | ${Math.round(m.speedIndex)} | ${kb(m.totalBytes)} | ${kb(m.scriptBytes)} | ${delta(dFcp)} | ${delta(dLcp)} | ${aim} | ${element} |`;
  });
  return `<!-- Generated by \`npm run bench\` (scripts/bench.mjs). Do not edit: re-run the bench to refresh it. -->
# Performance

Generated by \`npm run bench\` on ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC; every figure below
comes from that run. Do not edit by hand.

Machine: ${machine()}. The whole bench took ${minutes(totalSeconds)}.

## Build

\`astro build\`: **${pages.length} HTML pages** (${routes.length} routes × 10 URL variants) in **${buildSeconds.toFixed(1)} s** (wall clock, precompression included).

## Bytes per route

The worst figure over each route's ${pages.length / routes.length} URL variants (unprefixed and nine locales), in KB (1024 bytes), gzip at
level 9. HTML includes its inline CSS and inline scripts. First-load JS is what a page loads before any
interaction: its module scripts and islands and their static imports, not dynamic imports such as the
crypto chunk (\`scripts/lib/pages.mjs\`, shared with \`npm run test:size\`, whose budgets are ${kb(BUDGET.html)} KB of
HTML gzip and ${kb(BUDGET.js)} KB of first-load JS gzip).

| route | area | URLs | HTML | HTML gzip | ext. CSS | ext. CSS gzip | first-load JS | first-load JS gzip | JS files |
|---|---|---|---|---|---|---|---|---|---|
${byteRows.join('\n')}
| **max over all pages** | | ${pages.length} | ${kbs(maxOf('html'), maxOf('htmlGz'), maxOf('css'), maxOf('cssGz'), maxOf('js'), maxOf('jsGz'))} | ${maxOf('jsFiles')} |
| **total: all pages' HTML; distinct CSS and JS files** | | ${pages.length} | ${kbs(sumOf('html', 'raw'), sumOf('html', 'gzip'), assetBytes('css', 'raw'), assetBytes('css', 'gzip'), assetBytes('js', 'raw'), assetBytes('js', 'gzip'))} | ${distinct('js').length} |

### First-load JS of the heaviest page, by file

${keptSection('chunks', 'Not written yet: `npm run test:size -- --write`.')}

What stands between it and 16 KB (issue 29): the runtime, Preact with its hooks, about 6 KB of it (its React
compatibility layer left in issue 43); valibot, which checks every host answer and server reply before a
store takes it, about 2 KB; the bridge's and the API client's code every page runs. docs/models.md ("Chunks") has the
breakdown by module.

### Byte policy

The budget is 20 KB of first-load JS gzip per page; the policy keeps every user page under a line 1 KB below
it (19,456 B), so that the next feature on the heaviest page is a feature, not a byte hunt, and gives each
island a share of its own: its chunk and what it imports statically, core apart, at most 3,584 B gzip
(POLICY in \`scripts/lib/pages.mjs\`, checked by \`npm run test:size\`, whose failure names the island and its
files). Core is what every island page shares: a feature that must grow it pays on every page, and says so
in its commit. The heaviest island today is \`/channel\`'s (3.2 KB); the heaviest page, above, is 0.2 KB under
the line. The bridge check, a page for the app team, carries its checks under a budget of its own (28 KB).

## Lighthouse, mobile

Median of ${RUNS} runs per page by performance score (ties: the median FCP); every run's
score in brackets. Times in ms, sizes in KB as transferred. Δ is the page's FCP or LCP minus the bare
page's. The targets (issue 18, \`lighthouserc.json\` inApp): LCP within 50 ms for a text page, 150 ms when the first screen needs only the host's data, 300 ms when it needs the server's.
Each page in two states: *outside* the app, as a browser opens it (nothing injects a host), and *in the
app*, the state users see: the host's bridge (\`server/fake-host\`, the whole contract) injected before
any page script by \`evaluateOnNewDocument\` on a Puppeteer page that Lighthouse drives, signed in as
user \`${IN_APP_UID}\` with a session the reference server issued (\`scripts/lib/in-app.mjs\`).

| area | page | state | performance | accessibility | best practices | FCP | LCP | TBT | CLS | Speed Index | total bytes | script bytes | Δ FCP | Δ LCP | aim (max Δ, ms) | LCP element |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${lhRows.join('\n')}
${noPaint()}
The bare page (\`${BARE.path}\`, ${BARE_HTML.length} bytes: a heading and a paragraph in a \`<main>\`, no CSS or JS) is written into
\`dist/\` for the bench and deleted after it. Load average of the machine (1, 5, 15 min) when Lighthouse
started: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}; when it finished: ${loadAfter.map((l) => l.toFixed(2)).join(', ')}. Simulated throttling
scales each main-thread task by the CPU time the page spent in it, not by its time on the clock, so other
work on the machine does not count as the page's (\`tasksAtCpuTime\`, docs/quality.md).

## Useful content

When a user sees what they opened the page for (issue 39): the \`useful\` mark
(\`performance.mark('useful')\`, set by \`src/layouts/reads-script.ts\` on the pages whose first screen reads the
server, when an island's element with \`data-useful\` is in the document), timed by \`npm run test:useful\` (\`scripts/useful.mjs\`), against the bare page's first
paint. Text pages are useful at their first paint (the Lighthouse table above).

${keptSection('useful-notes', 'Written by hand: before and after, and where the time goes.')}

${keptSection('useful', 'Not measured yet: `npm run test:useful -- --write`.')}

## The reference server under load

\`npm run bench:server -- --write\` (\`scripts/bench-server.mjs\`) writes this part; \`npm run bench\` keeps it. 200 pages,
one per user, each with the session the account service issued and one \`encSecKey\` for all its requests, as a
browser page sends them; 50 clients on one kept-alive connection each, on the same 2 cores as the server. The target
(issue 18): 2,000 sealed requests per second with p99 ≤ 50 ms and no errors. Throughput is the median of three
rounds; latency is taken over all three rounds' 30,000 requests, since the p99 of a single round moved by 20 ms from
one run to the next (35–57 ms in eight runs of the same code).

${keptSection('server', 'Not measured yet: `npm run bench:server -- --write`.')}

Where the time went (CPU profile of the server, \`node --cpu-prof\`, before issue 18: 934–1,096 requests/s, p99 90–104 ms):
gzip of every API answer through a compression stream, however small (about a sixth of the server's time: the
answers had no Content-Length, so the compress middleware's 1 KB threshold never applied); a \`DELETE\` of old
nonces on every request; the session statement prepared on every request; a key object made from the raw page
keys by every HMAC and every decipher. Now: answers carry their length, old nonces go once a second, the
statement is prepared once, the page keys are cached as key objects. The client changed too: \`fetch\`'s pool
opened more than 64 connections from the one address once the server answered faster, and the server's cap per
address refused them; it now holds one connection per client, as phones do.

Issue 28's last figure, p99 ≤ 50 ms (55–64 ms before): the middleware that reads every small body within its
deadline (\`smallBodies\`, server/http-limits.ts) read it through the request's web stream and then built a second
\`Request\` around the bytes, and the API route's \`bodyLimit\` built the first one again: together about a sixth of the
server's time per request (undici's \`Request\` 7.6 %, the stream adapters about 8 %). A body of a declared length is now
read in one step, straight from the socket by \`@hono/node-server\`, into Hono's own body cache, which the routes read;
only a chunked body, whose size must be counted as it arrives, still goes through the stream. The API's \`bodyLimit\`
went: the same middleware has already refused a larger body. After it, the server's profile under this load is 43 %
idle; what it spends is the SQLite write that remembers each nonce and the session lookup (about 15 %), the socket
writes (6 %) and the cipher work. The latency that is left is mostly the closed loop itself: 50 clients and the
server on two cores take turns, so a request that arrives just after a batch has begun waits for that batch.

## How these numbers are made

\`npm run bench\` (\`scripts/bench.mjs\`) runs \`astro build\` and times it; measures every HTML file of \`dist/\`;
starts the reference server (\`scripts/start.mjs\`) on a free port with a throwaway database; runs
Lighthouse ${base.lighthouse} through its Node API in the system Chromium with \`lighthouserc.json\`'s Chrome flags and
categories and Lighthouse's default settings (a mobile device, simulated slow 4G) but for the CPU slowdown,
which each run takes from the benchmark index it measured: 4× on the bench's first host (index 2,731), in
proportion elsewhere (\`cpuSlowdownFor\` in \`scripts/lib/lighthouse-runs.mjs\`; the index sees a slower CPU, not another job),
applied to the CPU time each main-thread task took (\`tasksAtCpuTime\`), a fresh browser per run, every page once per round for ${RUNS} rounds; then writes this file. To re-run:
\`npm run bench\` (one build or Lighthouse at a time on a 2-core machine; \`CHROME_PATH\` picks the browser,
\`BENCH_PORT\` the port, \`BENCH_RUNS\` the runs per page).
`;
}

/** A section another script writes into this file between `<!-- name:start -->` and `<!-- name:end -->`, kept. */
function keptSection(name, missing) {
  let doc = '';
  try {
    doc = readFileSync(OUT, 'utf8');
  } catch {
    // First run: nothing to keep.
  }
  return new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`).exec(doc)?.[0] ?? `<!-- ${name}:start -->\n${missing}\n<!-- ${name}:end -->`;
}

/** What the table cannot say for a page that painted nothing. */
function noPaint() {
  const blank = medians.filter((t) => t.median.error);
  if (!blank.length) return '';
  const list = blank.map((t) => `\`${t.path}\`${t.note ? ` (${t.note})` : ''}`).join(', ');
  return `\n${list}: Lighthouse stops with NO_FCP, \"the page did not paint any content\": it has no scores or timings, and one
run stands for all. Its bytes are in the table above.
`;
}

function machine() {
  const cpus = os.cpus();
  const release = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)/m)?.[1] ?? os.type();
  // `Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)`: the name and version are enough.
  const chromium = execFileSync(CHROME_PATH ?? 'chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/^\D*[\d.]+/)?.[0];
  return [
    `${cpus[0]?.model.trim()} × ${cpus.length} cores`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
    `${release} (Linux ${os.release()})`,
    `Node ${process.version}`,
    chromium,
    `Lighthouse benchmark index ${Math.round(medianOf(measured('benchmarkIndex')))} (median), so a CPU slowdown of ${medianOf(measured('cpuSlowdown')).toFixed(1)}× (median; scripts/lib/lighthouse-runs.mjs, cpuSlowdownFor)`,
  ].join(', ');
}

/** One figure of every run that painted. */
function measured(figure) {
  return targets.flatMap((t) => t.runs.filter((r) => !r.error).map((r) => r[figure]));
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function ms(value) {
  return `${Math.round(value)} ms`;
}

function minutes(seconds) {
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
