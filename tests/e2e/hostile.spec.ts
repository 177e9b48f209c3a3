import { expect, test, type Page, type Route } from '@playwright/test';
import fc from 'fast-check';
import { hostileNumberText, hugeString, shortHostileString } from '../unit/hostile';
import { watch, withHost } from '../fixtures/pages';

// The shell's query parameters, generated. Every URL carries all seven at once (some
// repeated), so 1,000 page loads give each parameter 1,000 hostile values in a real browser. The
// same generators drive the unit properties (tests/unit/shell-query.property.test.ts).
const URLS = 1000;
const BATCHES = 10;
// Seven loads in ten are the text page: its shell is the whole page, done at DOMContentLoaded. The
// rest cover every other kind of shell, hydrated: the title-from-query pages, padding none, the
// search's status padding, a data1 ("my feedback") page, the empty home.
const APP_PATHS = ['/detail-questions', '/q-and-a', '/vip-center', '/search-keyword', '/feedback', '/', '/k-recharge'];
const pathOf = (i: number) => (i % 10 < 7 ? '/license.html' : APP_PATHS[i % APP_PATHS.length]!);
// Every 50th URL gives one parameter (in turn) about 100 KB: each meets a few, and the run stays short.
const HUGE_EVERY = 50;
const PARAMS = ['language', 'status_height', 'dark', 'bgColor', 'title', 'data1', 'app_sessionid'] as const;

const text = fc.oneof({ weight: 4, arbitrary: shortHostileString }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) });
const value = (name: (typeof PARAMS)[number]) =>
  name === 'status_height'
    ? fc.oneof(hostileNumberText, text)
    : name === 'dark'
      ? fc.oneof(fc.constantFrom('1', '0', 'true', '1 ', '01', '-1', '1e0'), text)
      : name === 'bgColor'
        ? fc.oneof(fc.constantFrom('000000', '#171717', '262626', 'fff', 'ffffff', '%23000000'), text)
        : name === 'language'
          ? fc.oneof(fc.constantFrom('zh-CN', 'th', 'en_US', 'zh-Hant-HK', 'x-evil', '../../etc', '//evil.example'), text)
          : text;

/** One query: each parameter once, twice or three times, in a generated order. */
const query = fc
  .tuple(...PARAMS.map((name) => fc.array(value(name), { minLength: 1, maxLength: 3 }).map((values) => values.map((v) => [name, v] as const))))
  .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: groups.flat().length }))
  .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString());

const huge = fc.sample(hugeString, { numRuns: URLS / HUGE_EVERY, seed: 9 });
const queries = fc.sample(query, { numRuns: URLS, seed: 9 }).map((q, i) => {
  if (i % HUGE_EVERY) return q;
  const params = new URLSearchParams(q);
  params.append(PARAMS[(i / HUGE_EVERY) % PARAMS.length]!, huge[i / HUGE_EVERY]!);
  return params.toString();
});

/**
 * Node's HTTP server refuses request heads over 16 KB; a WebView would send them. Such a URL gets the
 * same file without the query. Routed only while needed: routing slows every request it watches.
 */
const isLong = (url: URL) => url.href.length > 8000;
async function serveLong(route: Route) {
  const url = new URL(route.request().url());
  await route.fulfill({ response: await route.fetch({ url: `${url.origin}${url.pathname}` }) });
}

type Layout = { url: string; sideways: boolean; origin: string; padding: number; theme?: string; background: string; session: string | null };

/**
 * Loads each URL as the one frame of a 360 × 780 page and reads what its shell did, all inside the
 * browser: a thousand top-level navigations cost a thousand round trips of the test protocol and a
 * new page each, which made this the slowest suite. A frame runs the same shell (the fake host is
 * injected into every frame), and the page's error, dialog and CSP watchers see its frames too.
 */
function loadInFrames(page: Page, urls: string[]): Promise<Layout[]> {
  return page.evaluate(async (urls) => {
    const settled = (frame: HTMLIFrameElement, url: string) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const doc = frame.contentDocument;
          // A shell that moved to its locale's file has not set the session flag: wait for that file.
          const ready =
            !!doc &&
            doc.readyState === 'complete' &&
            doc.location.href !== 'about:blank' &&
            !!doc.documentElement.dataset.session &&
            !doc.querySelector('astro-island[ssr]');
          if (ready) resolve();
          else if (Date.now() - started > 15_000)
            reject(new Error(`${url.slice(0, 120)}: not settled in 15 s (${doc && doc.location.pathname}, ${doc && doc.readyState})`));
          else setTimeout(check, 10);
        };
        check();
      });
    const layouts: Layout[] = [];
    for (const url of urls) {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'position:fixed;top:0;left:0;width:360px;height:780px;border:0';
      frame.src = url;
      document.body.append(frame);
      await settled(frame, url);
      const win = frame.contentWindow!;
      const html = win.document.documentElement;
      layouts.push({
        url,
        sideways: html.scrollWidth > win.innerWidth,
        origin: win.location.origin,
        padding: parseFloat(win.getComputedStyle(win.document.body).paddingTop),
        theme: html.dataset.theme,
        background: html.style.getPropertyValue('--page-bg'),
        session: win.localStorage.getItem('app_sessionid'),
      });
      frame.remove();
    }
    return layouts;
  }, urls);
}

test.describe.configure({ mode: 'parallel' });

test.describe(() => {
  // What these loads check is layout in CSS pixels, the theme and where the page went: none of it
  // depends on the screen's density, and at 1 device pixel per CSS pixel a frame has a quarter of the
  // pixels to paint (the 10 batches 150 → 126 test-seconds).
  test.use({ deviceScaleFactor: 1 });
  for (let batch = 0; batch < BATCHES; batch++) {
    test(`shell query parameters, generated: URLs ${batch * (URLS / BATCHES) + 1}–${(batch + 1) * (URLS / BATCHES)}`, async ({ page, baseURL }) => {
      // About 13 s alone; three times that on a loaded machine still leaves room.
      test.setTimeout(120_000);
      const origin = new URL(baseURL!).origin;
      const problems = watch(page);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:')) elsewhere.push(url.slice(0, 100));
      });
      await withHost(page);
      // The frames' parent: a page of the site with nothing of its own to hydrate.
      await page.goto('/license.html');
      const urls: string[] = [];
      for (let i = batch * (URLS / BATCHES); i < (batch + 1) * (URLS / BATCHES); i++) urls.push(`${pathOf(i)}?${queries[i]}`);
      const long = urls.filter((url) => url.length > 7000);
      const layouts = await loadInFrames(
        page,
        urls.filter((url) => url.length <= 7000),
      );
      await page.route(isLong, serveLong);
      layouts.push(...(await loadInFrames(page, long)));
      await page.unroute(isLong, serveLong);

      expect(layouts).toHaveLength(URLS / BATCHES);
      const broken: string[] = [];
      for (const layout of layouts) {
        const why = [
          layout.sideways && 'scrolls sideways',
          layout.origin !== origin && `left for ${layout.origin}`,
          !(layout.padding >= 0 && layout.padding <= 170) && `top padding ${layout.padding}`,
          !['light', 'dark', 'dark1', 'dark2', 'light-ink'].includes(layout.theme ?? '') && `theme ${layout.theme}`,
          !/^(#[0-9a-f]{6})?$/.test(layout.background) && `background ${layout.background.slice(0, 40)}`,
          layout.session !== null && !/^[\w.:-]{1,128}$/.test(layout.session) && 'stored a session id that is not an id',
        ].filter(Boolean);
        if (why.length) broken.push(`${layout.url.slice(0, 120)}: ${why.join(', ')}`);
      }
      expect(broken).toEqual([]);
      expect(elsewhere).toEqual([]);
      // watch(): uncaught errors, CSP refusals and dialogs (every payload that runs script calls alert).
      expect(problems).toEqual([]);
    });
  }
});
