// `npm run test:lh`: Lighthouse (mobile preset) in the system Chromium on one page per area
// (lighthouserc.json): legal, vip, help, coins, report, music, personal. Not `/` (area none): spec §2
// has it "empty, nothing shown", and a page that paints nothing has no Lighthouse score (NO_FCP).
// Twice, every run through Lighthouse's Node API: outside the app, asserted by Lighthouse CI
// (lighthouserc.json's assertions), then inside the app, the state users see (scripts/lib/in-app.mjs),
// next to the bare page measured in the same run (lighthouserc.json's `inApp` gates).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostScript, issueSession } from './lib/in-app.mjs';
import { BARE, startLab } from './lib/lab.mjs';
import { firstScreenNeeds, lighthouseRun, medianFigures } from './lib/lighthouse-runs.mjs';
import { kb } from './lib/pages.mjs';

const config = JSON.parse(readFileSync('lighthouserc.json', 'utf8'));
const chrome = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const env = { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) };
// The lab should have the fonts a phone has: without a Thai font every Thai run goes through
// fontconfig's fallback search and finds nothing, and th-TH's blocking time nearly doubles (README).
for (const [lang, name] of [
  ['th', 'Thai'],
  ['zh-cn', 'Chinese'],
]) {
  let fonts = 'unknown';
  try {
    fonts = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).trim();
  } catch {
    // No fontconfig: nothing to say about the fonts.
  }
  if (!fonts) console.warn(`No ${name} font installed: ${lang} pages measure a fallback search, not a phone (apt-get install fonts-noto-core fonts-noto-cjk).`);
}
/**
 * What this host takes to give a process a page of memory it has not touched yet, µs per 4 KB (median of
 * three 64 MB buffers). Every Lighthouse run starts a browser, whose renderer touches fresh memory in
 * every task. Each run's CPU slowdown follows its benchmark index (cpuSlowdownFor in
 * scripts/lib/lighthouse-runs.mjs), a loop over memory already mapped, which does not see this cost: on
 * a host that paid 12 µs a page (2026-12-06), a page's first number formatter took 28–35 ms unthrottled
 * where the bench's host took about 10 (docs/quality.md, "A host slow to map memory"). The line tells
 * such a host's failures from a page's.
 * @example freshMemoryMicros() // 12.3
 */
function freshMemoryMicros() {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    const buffer = Buffer.allocUnsafeSlow(64 << 20);
    for (let at = 0; at < buffer.length; at += 4096) buffer[at] = 1;
    runs.push(Number(process.hrtime.bigint() - start) / 1000 / (buffer.length / 4096));
  }
  return runs.sort((a, b) => a - b)[1];
}
const host = `fresh memory ${freshMemoryMicros().toFixed(1)} µs a 4 KB page`;
console.log(`This host: ${host}.`);
// Where Lighthouse CI keeps the results it asserts on and the reports it writes (lighthouserc.json).
const LHCI_DIR = '.lighthouseci';
const run = (args) => execFileSync('npx', ['lhci', ...args, '--config=lighthouserc.json'], { stdio: 'inherit', env });
let saved = 0;
/**
 * Where a result goes for Lighthouse CI, which reads only `lhr-<digits>.json` (@lhci/utils,
 * saved-reports.js): the time and a counter, since the three re-runs of a page are saved in one
 * millisecond. A name with anything else in it is skipped without a word, and the assertions pass on
 * nothing: from e9674d0 they checked 0 runs, until the count below.
 */
const resultFile = () => `${LHCI_DIR}/lhr-${Date.now()}${String(saved++).padStart(3, '0')}.json`;
/** `lhci assert`, which must have checked every result saved: it says how many it read. */
function assertSaved() {
  const { status, stdout, stderr } = spawnSync('npx', ['lhci', 'assert', '--config=lighthouserc.json'], { encoding: 'utf8', env });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  if (status !== 0) failures.push('outside the app: Lighthouse CI assertions (above)');
  const checked = Number(`${stdout}${stderr}`.match(/(\d+) total run\(s\)/)?.[1]);
  if (checked !== saved) failures.push(`outside the app: Lighthouse CI checked ${checked} runs of the ${saved} saved`);
}

// Both phases measure pages of one server, started first and warmed (each page asked for once). The
// bare page is measured first, three times: its median is every LCP gate's reference (one fast run of
// it, 605 ms where it measures 637, made every page look 30 ms slower), and its first run pays the
// browser's cold start, which the first page measured used to pay (license.html outside the app 745 ms,
// +107 over the bare page; in the app, measured later, +49). A median of three shrugs off one slow run.
const lab = await startLab();
const failures = [];
const rows = [];
// Whatever happens below, the lab's server stops and the bare page leaves dist/ (`npm run test:size` would count it).
try {
  const urls = config.ci.collect.url.map((url) => {
    const { pathname, search } = new URL(url);
    return `${lab.origin}${pathname}${search}`;
  });
  for (const url of urls) await (await fetch(url)).arrayBuffer();
  const bareRuns = [];
  for (let i = 0; i < 3; i++) bareRuns.push(await lighthouseRun(`${lab.origin}${BARE.path}`));
  const bare = medianFigures(bareRuns);

  // 1. Outside the app: one run per page through Lighthouse's Node API, each result saved where Lighthouse
  // CI's `collect` saves one, then Lighthouse CI's assertions and its reports on disk. `lhci collect`
  // starts the Lighthouse CLI for every page, a new Node process whose exit waits about three seconds
  // after its Chrome is gone: 10.9 s a page against 5.5 s here, 38 s of `npm test`.
  rmSync(LHCI_DIR, { recursive: true, force: true });
  mkdirSync(LHCI_DIR, { recursive: true });
  const outside = [];
  const minScore = (category) => config.ci.assert.assertions[`categories:${category}`][1].minScore * 100;
  const outsideRun = async (url) => {
    const m = await lighthouseRun(url);
    if (m.error) throw new Error(`${new URL(url).pathname}${new URL(url).search} outside the app: ${m.error}`);
    return m;
  };
  for (const url of urls) {
    const { pathname, search } = new URL(url);
    const m = await outsideRun(url);
    // A performance score under the bar in one run is measured again as every timing gate is (below):
    // three more runs, whose median Lighthouse CI asserts (lighthouserc.json: aggregationMethod median).
    // One run's score moves with the machine's load: /th-TH/feedback scored 0.86 once on a fresh clone
    // while five other jobs shared its two cores, and 1.00 in every run on a quiet machine.
    const runs = m.performance < minScore('performance') ? [await outsideRun(url), await outsideRun(url), await outsideRun(url)] : [m];
    // The reports are for Lighthouse CI; the figures are for the table and the gates below.
    for (const { report } of runs) writeFileSync(resultFile(), report);
    const { report: _report, ...figures } = m;
    outside.push({ path: `${pathname}${search}`, ...figures, scoreRuns: runs.length > 1 ? runs.map(({ report: _r, ...rest }) => rest) : [] });
  }
  assertSaved();
  run(['upload']);

  // 2. Inside the app: the same pages with the host's bridge injected and signed in.
  const gates = config.inApp;
  const RUNS_AFTER_A_MISS = 3;
  /**
   * How far a page's LCP may trail the bare page's: by what its first screen needs (the HTML alone, the
   * host's data, or the server's), plus the margin for the noise of one run.
   * @example lcpAllowance('/zh-CN/k-report?status_height=24') // 200
   */
  function lcpAllowance(path) {
    const needs = firstScreenNeeds(path);
    if (!needs) throw new Error(`lighthouserc.json inApp.firstScreen does not say what ${path}'s first screen needs`);
    return gates.lcpOverBareMs[needs] + gates.marginMs;
  }
  /**
   * The gates both states share, as failures. LCP and TBT are counted over the bare page's of the same
   * measurement (`ref`), which the same host and the same moment slow alike. TBT is the page's own CPU
   * time at the phone's speed (tasksAtCpuTime): 0 to 15 ms on every page here, quiet or with a CPU-bound
   * job beside the run, so its gate is 100 ms, where 200 had held clock time that the lab spent elsewhere.
   */
  function check(path, state, m, ref) {
    const where = `${path} ${state}`;
    const found = [];
    if (m.tbt - ref.tbt > gates.tbtMs)
      found.push(`${where}: TBT ${Math.round(m.tbt)} ms, ${Math.round(m.tbt - ref.tbt)} over the bare page's > ${gates.tbtMs} ms`);
    if (m.cls > gates.cls) found.push(`${where}: CLS ${m.cls.toFixed(3)} > ${gates.cls}`);
    if (m.lcp - ref.lcp > lcpAllowance(path)) found.push(`${where}: LCP ${Math.round(m.lcp - ref.lcp)} ms after the bare page's > ${lcpAllowance(path)} ms`);
    return found;
  }
  /**
   * A page that missed a gate, measured properly: three more runs, each after one of the bare page, and
   * the medians of both (a slow stretch of the machine moves both alike).
   */
  async function measureAgain(measurePage) {
    const page = [];
    const ref = [];
    for (let i = 1; i <= RUNS_AFTER_A_MISS; i++) {
      const run = await lighthouseRun(`${lab.origin}${BARE.path}`);
      row(BARE.path, `baseline, again ${i}`, run);
      ref.push(run);
      page.push(await measurePage(i));
    }
    return { m: medianFigures(page), ref: medianFigures(ref) };
  }
  const session = await issueSession(lab.origin);
  const inject = hostScript();
  const delta = (lcp) => `${lcp < bare.lcp ? '−' : '+'}${Math.abs(Math.round(lcp - bare.lcp))}`;
  /** One run as a row of the table below. */
  const row = (path, state, run) =>
    rows.push(
      `${path} | ${state} | ${run.performance} | ${run.accessibility} | ${run.bestPractices} | ${Math.round(run.lcp)} | ${delta(run.lcp)} | ${Math.round(run.tbt)} | ${kb(run.scriptBytes)} | ${Math.round(run.benchmarkIndex)} | ${run.cpuSlowdown.toFixed(1)}×`,
    );
  for (const run of bareRuns) row(BARE.path, 'baseline', run);
  for (const m of outside) {
    const { path, scoreRuns } = m;
    row(path, 'outside', m);
    scoreRuns.forEach((run, i) => row(path, `outside, score again ${i + 1}`, run));
    let missed = check(path, 'outside the app', m, bare);
    // One run is a screen, not a measurement: at the simulated phone's CPU on 2 cores a run's every task stretches
    // with the machine's load (license.html, no script at all: LCP +174 ms over bare in one run, +56 in
    // the next; /th-TH/feedback in the app: TBT 6 to 298 ms over 36 runs of the same build, median 109).
    // A page that misses a timing gate is measured properly: three more runs, and it fails if their
    // median misses. Every run is in the table.
    if (missed.length) {
      const { m: again, ref } = await measureAgain(async (i) => {
        const run = await lighthouseRun(`${lab.origin}${path}`);
        if (run.error) throw new Error(`${path} outside the app: ${run.error}`);
        row(path, `outside, again ${i}`, run);
        return run;
      });
      missed = check(path, `outside the app (median of ${RUNS_AFTER_A_MISS} more runs)`, again, ref);
    }
    failures.push(...missed);
  }
  for (const url of config.ci.collect.url) {
    const { pathname, search } = new URL(url);
    const path = `${pathname}${search}`;
    const measure = async (state) => {
      const m = await lighthouseRun(`${lab.origin}${path}&app_sessionid=${session}`, { inject });
      if (m.error) throw new Error(`${path} in the app: ${m.error}`);
      row(path, state, m);
      return m;
    };
    const gated = (m, state, ref) => {
      const missed = [];
      if (m.performance < minScore('performance')) missed.push(`${path} in the app: performance ${m.performance} < ${minScore('performance')}`);
      if (m.accessibility < minScore('accessibility')) missed.push(`${path} in the app: accessibility ${m.accessibility} < ${minScore('accessibility')}`);
      if (m.scriptBytes > gates.scriptBytes) missed.push(`${path} in the app: ${m.scriptBytes} B of script > ${gates.scriptBytes} B`);
      return [...missed, ...check(path, state, m, ref)];
    };
    // As outside: a miss is measured with three more runs, and counts if their median misses.
    let missed = gated(await measure('in the app'), 'in the app', bare);
    if (missed.length) {
      const { m: again, ref } = await measureAgain((i) => measure(`in the app, again ${i}`));
      missed = gated(again, `in the app (median of ${RUNS_AFTER_A_MISS} more runs)`, ref);
    }
    failures.push(...missed);
  }
} finally {
  lab.stop();
}

// One line per page, so the scores are in the log and can be quoted.
console.log('\npage | state | performance | accessibility | best practices | LCP ms | Δ LCP vs bare | TBT ms | script KB | benchmark index | CPU slowdown');
for (const row of rows) console.log(row);
if (failures.length) {
  console.error(`\n${failures.length} Lighthouse failures (this host: ${host}):\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
