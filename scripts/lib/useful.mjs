// When a user sees what they opened a page for: the `useful` mark (docs/performance.md, "Useful
// content"), timed in a real browser on a throttled link, against the first paint of the bare page
// (scripts/lib/lab.mjs) in the same browser. DevTools' applied throttling, not Lighthouse's simulated
// one (which times no mark): the link of Lighthouse's mobile preset (THROTTLE) and the CPU of its runs (cpuSlowdownFor), a cold cache every
// load. Driven over the DevTools protocol (scripts/lib/cdp.mjs), so the engine matrix's Chromium 64
// is measured exactly as today's Chromium is. `npm run test:useful` gates on it; `npm run bench`
// reports it.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchChromium } from './cdp.mjs';
import { BARE } from './lab.mjs';
import { CHROME_PATH, cpuSlowdownFor } from './lighthouse-runs.mjs';

/**
 * Lighthouse's mobile preset, applied: 150 ms round trips, 1.6 Mbps down, 750 Kbps up, and the CPU
 * slowed down as Lighthouse's runs are (cpuSlowdownFor): 4× on the host where the gates were set,
 * by the host's benchmark index elsewhere, so that a slower host is not a slower phone.
 */
export const THROTTLE = { latencyMs: 150, downKbps: 1600, upKbps: 750 };
/** The mark's name; src/layouts/reads-script.ts sets it. */
export const USEFUL = 'useful';
const LOAD_MS = 30_000;
const POLL_MS = 50;

// Run in the page, which may be Chromium 64: ES5 only.
const READ = `(function () {
  var paint = performance.getEntriesByName('first-contentful-paint')[0];
  var useful = performance.getEntriesByName('${USEFUL}')[0];
  var requests = performance.getEntriesByType('resource').map(function (r) {
    return [new URL(r.name).pathname, Math.round(r.startTime), Math.round(r.responseEnd)];
  });
  return { fcp: paint ? paint.startTime : null, useful: useful ? useful.startTime : null, requests: requests };
})()`;

/**
 * A browser for measuring: `load(url, { inject, mark })` opens `url` in a new tab with the preset's
 * throttling and a cold cache, waits for its first paint (and, with `mark`, for the useful mark), and
 * resolves with both times in ms since the navigation started, and the page's requests until then
 * (path, start, end: its waterfall).
 * @example const browser = await usefulBrowser('/usr/bin/chromium'); await browser.load(url, { mark: true, cpu: 4 }) // { fcp: 610, useful: 980 }
 * @param {string} binary
 */
export async function usefulBrowser(binary) {
  const browser = await launchChromium(binary);
  return {
    version: browser.version,
    close: browser.close,
    /**
     * @param {string} url
     * @param {{ inject?: string, mark?: boolean, cpu: number }} options `cpu`: the CPU slowdown, from cpuSlowdownFor: no default, so no caller
     *   measures at a fixed 4× on a host that is not the phone's
     * @returns {Promise<{ fcp: number, useful: number | null, requests: [string, number, number][] }>}
     */
    async load(url, { inject, mark = false, cpu }) {
      const { cdp, close } = await browser.newTab();
      try {
        await Promise.all([cdp.send('Page.enable'), cdp.send('Network.enable'), cdp.send('Runtime.enable')]);
        await cdp.send('Network.clearBrowserCache');
        // A new user: nothing stored by an earlier load either (Chromium 64 knows the method too).
        await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'local_storage,indexeddb,cache_storage' });
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: THROTTLE.latencyMs,
          downloadThroughput: (THROTTLE.downKbps * 1000) / 8,
          uploadThroughput: (THROTTLE.upKbps * 1000) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        // Lighthouse's mobile screen (a Moto G Power).
        await cdp.send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
        if (inject) await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: inject });
        const { errorText } = await cdp.send('Page.navigate', { url });
        if (errorText) throw new Error(`${url}: ${errorText}`);
        const deadline = Date.now() + LOAD_MS;
        for (;;) {
          const { result } = await cdp.send('Runtime.evaluate', { expression: READ, returnByValue: true });
          const times = result.value;
          if (times && times.fcp !== null && (!mark || times.useful !== null)) return times;
          if (Date.now() > deadline) throw new Error(`${url}: ${times?.fcp == null ? 'no first paint' : `no ${USEFUL} mark`} within ${LOAD_MS} ms`);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } finally {
        await close();
      }
    },
  };
}

/**
 * The middle value of an odd number of them.
 * @example median([3, 1, 2]) // 2
 * @param {number[]} values
 */
export function median(values) {
  if (values.length % 2 === 0) throw new Error(`a median of ${values.length} values has no middle one`);
  return [...values].sort((a, b) => a - b)[(values.length - 1) / 2];
}

/**
 * The pages whose first screen needs the server's data, and what "useful" is on each (the condition
 * of the element its island marks `data-useful`); `floor`: also measured on Chromium 64. The URL is
 * the in-app one (`?status_height=24`, plus what the page reads); the session is added by the
 * caller. Text pages are useful at their first paint, which `npm run test:lh` gates already.
 */
export const USEFUL_PAGES = [
  { path: '/vip-center', what: 'the plans with their prices', floor: true },
  { path: '/channel', query: '&plan=vip-month', what: 'the plan to pay for, what the purchase does and costs, and the pay button' },
  { path: '/renewal-management', what: 'the renewal and the plans it can switch to, with prices' },
  { path: '/k-recharge', what: 'the balance and the packages with their prices', floor: true },
  { path: '/k-transactions', what: 'the first page of records (or "no records")' },
  { path: '/download', what: 'the download quota', floor: true },
  { path: '/my-feedback', what: 'the first page of the user\'s feedback (or "none yet")', floor: true },
  { path: '/help-feedback', what: 'the help home: its topics and questions, and the contacts' },
  { path: '/q-and-a', query: '&id=playback-trial', what: 'the answer to the question opened' },
  { path: '/oppo-music', what: 'the song lists' },
  { path: '/center-station', what: 'the song lists' },
  { path: '/my-detail', query: '&data1=1&id=fb-demo-replied', what: 'the feedback and its thread' },
  { path: '/private.html', what: 'the state of the data request (the form, or the request under way)' },
  { path: '/personalDataDownload.html', what: 'the data requests made, with their states (or "no data")' },
];

/**
 * The aim: how far the mark may trail the bare page's first paint (median of 3, ms), on today's
 * Chromium for every page and on Chromium 64 for the `floor` ones. Not met yet (docs/performance.md,
 * "Useful content"): the gate holds each page to its own limit below, lowered as the pages get there.
 */
export const USEFUL_TARGET_MS = { today: 400, floor: 700 };
/**
 * The gate today, a ratchet toward USEFUL_TARGET_MS: lowered as pages get there, never raised
 * without a reason in the commit. Throttled in DevTools, a page's own CPU work stretches with the
 * machine's load and the bare page's (none) does not: measured the same day, medians of +570 … +700
 * on a quiet machine and +700 … +890 with another CPU-bound job on the second core (Chromium 64:
 * +746 … +921 and +797 … +974). Since the first reads leave at the paint (src/lib/api/first-reads.ts): +447
 * … +599 on a quiet machine but for the two pages with their own limits; Chromium 64 +586 … +735, and
 * +576 … +728 since the font stack lost its named families (docs/performance.md); a fresh clone's
 * `npm test` with a CPU-bound job on the other core: +448 … +650 (+772 and +694 on the two VIP pages),
 * Chromium 64 +611 … +773; in another such run /k-recharge measured +849 first and +665 again (800 was
 * tried as today's limit: it leaned on the measure again). Since the first reads' script is asked for
 * in the response's headers and the first screens ask for fewer chunks (2026-12-07): +290 … +375 quiet,
 * Chromium 64 +399 … +525; the VIP pages' own limits (900) went, and the common ones came down from 850
 * and 900. The limits leave a busy machine its 150–250 ms. They are a coarse guard:
 * that the first reads leave before core has come is held by tests/e2e/useful.spec.ts, which keeps
 * core back until they have.
 */
export const USEFUL_LIMIT_MS = { today: 650, floor: 800 };

/**
 * Each page's useful mark against the bare page's first paint, in one browser: `runs` rounds of the bare
 * page then every page once (a slow moment of the machine falls on one run of each, not on one page's
 * three), each figure the median of its runs.
 * @example await measureUseful({ binary, origin, session, inject, pages: USEFUL_PAGES }) // { version, bare: 221, pages: [{ path, fcp, useful, runs }] }
 * @param {{ binary: string, origin: string, session: string, inject: string, pages: { path: string, query?: string }[], runs?: number, log?: (line: string) => void }} options
 */
export async function measureUseful({ binary, origin, session, inject, pages, runs = 3, log = () => {} }) {
  const browser = await usefulBrowser(binary);
  try {
    /** @type {number[]} */
    const bare = [];
    /** @type {number[]} */
    const slowdowns = [];
    const results = pages.map((page) => ({ ...page, /** @type {{ fcp: number, useful: number, requests: [string, number, number][] }[]} */ runs: [] }));
    for (let round = 0; round < runs; round++) {
      const cpu = cpuSlowdownFor(await hostBenchmarkIndex());
      slowdowns.push(cpu);
      bare.push((await browser.load(`${origin}${BARE.path}`, { cpu })).fcp);
      for (const result of results) {
        const { fcp, useful, requests } = await browser.load(`${origin}${result.path}?status_height=24${result.query ?? ''}&app_sessionid=${session}`, {
          inject,
          mark: true,
          cpu,
        });
        result.runs.push({ fcp, useful: /** @type {number} */ (useful), requests });
        log(
          `${browser.version} round ${round + 1} (CPU ${cpu.toFixed(1)}×): ${result.path} first paint ${Math.round(fcp)} ms, useful ${Math.round(/** @type {number} */ (useful))} ms`,
        );
      }
    }
    return {
      version: browser.version,
      bare: median(bare),
      bareRuns: bare,
      slowdowns,
      pages: results.map((result) => ({
        ...result,
        fcp: median(result.runs.map((run) => run.fcp)),
        useful: median(result.runs.map((run) => run.useful)),
      })),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The host's benchmark index as Lighthouse measures it: its own function, unthrottled, in a browser of
 * today's Chromium started for it, as each Lighthouse run starts one (a tab of a browser already
 * running scores higher: 3.4–3.7× where a fresh one gave 1.4×, on one host in one minute). Today's
 * Chromium for every engine, since the index the gates were set at is today's Chromium's. The median of
 * BENCHMARKS such browsers: nine in a row on a quiet host gave 461 to 1,808 (a slowdown of 1× to 2.6×),
 * and one a round moved a page's mark by 100–250 ms between rounds of one hour (docs/performance.md);
 * the medians of three in a row of those nine, 1,373 to 1,695.
 */
async function hostBenchmarkIndex() {
  const indexes = [];
  for (let i = 0; i < BENCHMARKS; i++) {
    const browser = await launchChromium(CHROME_PATH ?? 'chromium');
    try {
      const { cdp } = await browser.newTab();
      const { result } = await cdp.send('Runtime.evaluate', { expression: `(${pageFunctions.computeBenchmarkIndex})()`, returnByValue: true });
      indexes.push(result.value);
    } finally {
      await browser.close();
    }
  }
  return median(indexes);
}
/** Fresh browsers a round's benchmark index is the median of: odd, for median(). */
const BENCHMARKS = 5;
