// Lighthouse through its Node API, the way `npm run test:lh` runs it (lighthouserc.json's Chrome flags
// and categories; the default config: a mobile device, simulated slow 4G), in the system Chromium, at
// the CPU slowdown that makes the host the phone the gates were set for (cpuSlowdownFor).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { killAll, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const lighthouseConfig = JSON.parse(readFileSync('lighthouserc.json', 'utf8'));
const { chromeFlags, ...settings } = lighthouseConfig.ci.collect.settings;
export const CHROME_FLAGS = chromeFlags.split(/\s+/).filter(Boolean);
export const CATEGORIES = settings.onlyCategories;
// Lighthouse CI hands these settings to Lighthouse as flags; the runs here do the same, so both measure
// alike. Among them: quiet windows of 500 ms, not 1 s (after FCP, after load, network and main thread
// quiet): on the lab's localhost the pages' requests and tasks are over long before, and license.html,
// vip-center and k-recharge measured the same LCP and TBT either way, 1.4 s sooner a run. No full-page
// screenshot (only the HTML report shows it): 1.2 s a run, of 16 in `npm test`.
/** CHROME_PATH, else the system Chromium, else whatever chrome-launcher finds (scripts/lighthouse.mjs). */
export const CHROME_PATH = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * The phone every run emulates, as Lighthouse's benchmark index: the host where the gates and the
 * table in docs/performance.md were measured (index 2,731) at Lighthouse's default 4× CPU slowdown.
 */
export const DEVICE_BENCHMARK_INDEX = 2731 / 4;

/**
 * The CPU slowdown that makes a host of `benchmarkIndex` the phone above. Lighthouse's 4× is relative
 * to the host: a 4× on a host half as fast is an eighth of the phone. On shared CI hosts a run's index
 * moved from 984 to 2,195 within one `npm test` (2026-12-06), and a page's TBT with it (/k-recharge in
 * the app, one build: 48 to 644 ms at 4×). Never below 1: a host slower than the phone is measured as it is.
 * @example cpuSlowdownFor(2731) // 4
 * @example cpuSlowdownFor(1366) // 2
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) throw new Error(`no benchmark index to calibrate the CPU slowdown with: ${benchmarkIndex}`);
  return Math.max(1, benchmarkIndex / DEVICE_BENCHMARK_INDEX);
}

/**
 * One Lighthouse run of a URL: its category scores (0–100) and the figures the bench reports, or
 * `{ error: 'NO_FCP' }` when the page paints no content. `inject`: a script every document of the
 * page runs before its own (the host app's bridge, scripts/lib/in-app.mjs), through a Puppeteer page
 * that Lighthouse then drives. In two steps, as Lighthouse's `-G` and `-A`: the page is loaded and
 * recorded, then audited at the CPU slowdown for the benchmark index Lighthouse measured in that
 * same run (cpuSlowdownFor); `cpuSlowdown` in the result says which.
 * @example (await lighthouseRun('http://127.0.0.1:4371/vip-center')).fcp // 913.5 (ms, simulated)
 */
export async function lighthouseRun(url, { inject } = {}) {
  const artifactsDir = mkdtempSync(join(os.tmpdir(), 'lighthouse-'));
  try {
    await gather(url, artifactsDir, inject);
    const file = join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(file, 'utf8'));
    // Lighthouse audits only with the settings it gathered with, so the saved ones say the slowdown too.
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdownFor(artifacts.BenchmarkIndex) };
    artifacts.settings.throttling = throttling;
    writeFileSync(file, JSON.stringify(artifacts));
    const traceFile = join(artifactsDir, 'trace.json');
    // A page that paints nothing (NO_FCP: spec §2's empty `/`) is saved without a trace.
    if (existsSync(traceFile)) {
      const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
      tasksAtCpuTime(trace.traceEvents);
      writeFileSync(traceFile, JSON.stringify(trace));
    }
    const result = await lighthouse(url, { ...settings, output: 'json', logLevel: 'error', auditMode: artifactsDir, throttling });
    return figures(result, url);
  } finally {
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}

// What Lighthouse's simulation takes as a task of the page's main thread (Lantern's schedulable tasks).
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue']);

/**
 * Gives each task of a page's main thread (`CrRendererMain`) the CPU time its thread spent in it (`tdur`)
 * instead of the time on the clock (`dur`), and fits what happened inside it to that span. In place.
 * Lighthouse multiplies each task's recorded duration by the CPU slowdown, and Lantern counts TBT from
 * the results: on a 2-core lab, where the browser's other processes, Lighthouse and the server share
 * the cores with the page, a task's clock time is mostly time the page waited for a core, which a phone
 * does not spend. /k-recharge in the app, one recording at 3.8×: TBT 351 ms from clock time, 8 from CPU
 * time; with a CPU-bound job on the other core, three recordings measured 2,385, 499 and 298 ms, and
 * 35, 0 and 2 (2026-12-06). A loop alone in a page measures 61 ms either way. What the thread waited
 * for within a task (another thread's work, a synchronous message) is left out: docs/quality.md.
 * @example tasksAtCpuTime(trace.traceEvents) // a RunTask of dur 64000, tdur 17000 µs now lasts 17000
 * @param {{ name?: string, ph?: string, pid?: number, tid?: number, ts?: number, dur?: number, tdur?: number, args?: { name?: string } }[]} events
 * @returns {number} how many tasks were shortened
 */
export function tasksAtCpuTime(events) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  /** @type {Map<string, typeof events>} */
  const threads = new Map();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mains.has(thread) || typeof event.ts !== 'number' || event.ph === 'M') continue;
    const list = threads.get(thread);
    if (list) list.push(event);
    else threads.set(thread, [event]);
  }
  let shortened = 0;
  for (const list of threads.values()) {
    list.sort((a, b) => Number(a.ts) - Number(b.ts));
    list.forEach((task, i) => {
      const { ts: start = 0, dur = 0, tdur } = task;
      if (task.ph !== 'X' || !TASKS.has(String(task.name)) || tdur === undefined || !(tdur < dur)) return;
      // Everything within the task moves and shrinks with it, so it stays inside it, in its order.
      const ratio = tdur / dur;
      for (let j = i + 1; j < list.length && Number(list[j].ts) < start + dur; j++) {
        const inner = list[j];
        inner.ts = start + (Number(inner.ts) - start) * ratio;
        if (inner.dur) inner.dur *= ratio;
      }
      task.dur = tdur;
      shortened++;
    });
  }
  return shortened;
}

/** Loads `url` in a fresh browser, as Lighthouse CI does, so no run inherits another's state, and saves what Lighthouse recorded into `dir`. */
async function gather(url, dir, inject) {
  // The caller handles Ctrl-C (and calls closeBrowsers), so that its own clean-up runs too.
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false });
  let browser;
  try {
    let page;
    if (inject) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      page = await browser.newPage();
      await page.evaluateOnNewDocument(inject);
    }
    await lighthouse(url, { ...settings, port: chrome.port, output: 'json', logLevel: 'error', gatherMode: dir }, undefined, page);
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

/** A run's figures from Lighthouse's result. */
function figures(result, url) {
  const lhr = result?.lhr;
  // A page that paints nothing (spec §2: `/` is "empty, nothing shown") has no score, only this code.
  if (lhr?.runtimeError?.code === 'NO_FCP') return { error: 'NO_FCP', lighthouse: lhr.lighthouseVersion };
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    totalBytes: audit('total-byte-weight'),
    scriptBytes: scripts?.transferSize ?? 0,
    // Lighthouse 13 names the LCP element in its LCP breakdown insight: a selector and the text.
    lcpElement: lcpElement(lhr),
    lighthouse: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    // The whole result as JSON, as the Lighthouse CLI prints it: what Lighthouse CI asserts on.
    report: result.report,
  };
}

function lcpElement(lhr) {
  const node = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  return node ? `${node.selector?.split(' > ').slice(-2).join(' > ')}: ${node.nodeLabel ?? ''}`.slice(0, 80) : undefined;
}

/**
 * The median run by performance score; among equal scores, the one with the median FCP, so that a
 * page scoring 100 three times still reports its middle run, not its first.
 * @example medianRun([{ performance: 99, fcp: 900 }, { performance: 100, fcp: 800 }, { performance: 100, fcp: 850 }]).fcp // 850
 */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.fcp - a.fcp);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Each figure's median over runs (an odd number of them, for a true middle): what a gate checks once
 * one run missed it (scripts/lighthouse.mjs). A run's figures move together with the machine's load, but
 * a median per figure is still a figure some run measured.
 * @example medianFigures([{ tbt: 250, lcp: 700 }, { tbt: 90, lcp: 690 }, { tbt: 120, lcp: 720 }]) // { tbt: 120, lcp: 700 }
 * @param {Record<string, unknown>[]} runs
 * @returns {Record<string, number>}
 */
export function medianFigures(runs) {
  if (runs.length % 2 === 0) throw new Error(`a median of ${runs.length} runs has no middle run`);
  /** @type {Record<string, number>} */
  const figures = {};
  for (const key of Object.keys(runs[0])) {
    if (typeof runs[0][key] !== 'number') continue;
    const values = runs.map((run) => /** @type {number} */ (run[key])).sort((a, b) => a - b);
    figures[key] = values[(values.length - 1) / 2];
  }
  return figures;
}

/** Closes any browser a run left open (an interrupted run): only the ones this process launched. */
export const closeBrowsers = () => killAll();

/**
 * What a page's first screen needs, as lighthouserc.json's `inApp.firstScreen` says:
 * `text` (the HTML alone), `host` (the host's data) or `server` (one round trip). Keyed by path
 * without the locale prefix.
 * @example firstScreenNeeds('/zh-CN/k-report?status_height=24') // 'host'
 */
export function firstScreenNeeds(path) {
  const key = new URL(path, 'http://x').pathname.replace(/^\/[a-z]{2}-[A-Z]{2}(?=\/)/, '');
  return lighthouseConfig.inApp.firstScreen[key];
}
