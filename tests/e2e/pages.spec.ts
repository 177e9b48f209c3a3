import { expect, test } from '@playwright/test';
import { htmlFiles, pageName, pageOf, UNPREFIXED } from '../../scripts/lib/pages.mjs';
import { LOCALES } from '../../src/shared/locale';
import { ROUTES } from '../../src/shared/routes';
import { hostCalls, watch, withHost } from '../fixtures/pages';
import { t } from '../fixtures/text';

test('the build made one page per route of the table, unprefixed and under each locale, and no other', () => {
  const built = htmlFiles().map((file: string) => {
    const { locale, route } = pageOf(file);
    return `${locale} ${route}`;
  });
  const wanted = [UNPREFIXED, ...LOCALES].flatMap((locale) => ROUTES.map((r) => `${locale} ${pageName(r.path)}`));
  expect(built.sort()).toEqual(wanted.sort());
});

test('every route is served unprefixed and under each locale, with its <html lang>', async ({ request }) => {
  const failures: string[] = [];
  for (const { path } of ROUTES) {
    for (const prefix of ['', ...LOCALES.map((l) => `/${l}`)]) {
      const url = `${prefix}/${path}` || '/';
      const response = await request.get(url, { maxRedirects: 0 });
      const lang = (await response.text()).match(/<html lang="([^"]+)"/)?.[1];
      const expected = prefix.slice(1) || 'en-US';
      if (response.status() !== 200 || lang !== expected) failures.push(`${url}: ${response.status()} lang=${lang}`);
    }
  }
  expect(failures).toEqual([]);
});

test.describe('sign-in gate', () => {
  test('outside the app a sign-in page says it works inside the music app', async ({ page }) => {
    await page.goto('/id-ID/my-feedback?status_height=24');
    await expect(page.locator('.gate:visible')).toContainText(t('id-ID', 'shell.openInAppHint'));
  });

  test('signed out: the login message, and signing in refreshes the page in place', async ({ page }) => {
    const problems = watch(page);
    await withHost(page, { account: { isLogin: false } });
    await page.goto('/feedback?status_height=24');
    await expect(page.locator('.gate:visible')).toContainText(t('en-US', 'error.notLoggedIn'));
    await page.getByRole('button', { name: t('en-US', 'shell.signIn') }).click();
    await expect(page.locator('.gate:visible')).toHaveCount(0);
    expect(await hostCalls(page, 'login')).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/feedback');
    expect(problems).toEqual([]);
  });

  test('signed out in th-TH, in dark mode: a failed sign-in says so', async ({ page }) => {
    await withHost(page, { account: { isLogin: false }, loginOutcome: 'failed' });
    await page.goto('/th-TH/k-report?status_height=24&dark=1&bgColor=171717');
    await expect(page.locator('.gate:visible')).toContainText(t('th-TH', 'error.notLoggedIn'));
    await page.getByRole('button', { name: t('th-TH', 'shell.signIn') }).click();
    await expect(page.locator('.gate:visible [role="alert"]')).toHaveText(t('th-TH', 'shell.signInFailed'));
    await expect(page.getByRole('button', { name: t('th-TH', 'shell.signIn') })).toBeEnabled();
    await expect(page.locator('.gate:visible')).toBeVisible();
  });

  test('the gate is in the HTML, chosen before any script of the page loads (issue 18)', async ({ browser }) => {
    const cases: { host?: Record<string, unknown>; ua?: string; text: string }[] = [
      { host: { account: { isLogin: false } }, text: t('en-US', 'error.notLoggedIn') },
      { ua: 'Mozilla/5.0 (Linux; Android 13; CPH2451 Build/TP1A.220905.001) Mobile', text: t('en-US', 'shell.openInAppHint') },
      { ua: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile', text: t('en-US', 'error.brandOnly') },
    ];
    for (const { host, ua, text } of cases) {
      const context = await browser.newContext(ua ? { userAgent: ua } : {});
      const page = await context.newPage();
      await page.route(/\/_astro\/.+\.js(\?.*)?$/, (route) => route.abort());
      if (host) await withHost(page, host);
      await page.goto('/feedback?status_height=24');
      await expect(page.locator('.gate:visible')).toHaveCount(1);
      await expect(page.locator('.gate:visible')).toContainText(text);
      await context.close();
    }
  });

  test('signed in: no gate, and text pages have none at all', async ({ page }) => {
    await withHost(page);
    await page.goto('/feedback');
    await expect(page.locator('astro-island')).not.toHaveCount(0);
    await expect(page.locator('.gate:visible')).toHaveCount(0);
    await page.goto('/license.html');
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
});

// Two scripts are asked for before the paint, on purpose, preloaded as the page parses and run after
// the paint: core's classic script on every page with islands (build/classic-core.ts), and signed in on a
// page with first reads, their script (tests/e2e/useful.spec.ts).
const FIRST_READS_SCRIPT = /^\/_astro\/first-reads\.[\w-]+\.js$/;
const CORE_SCRIPT = /^\/_astro\/core\.[\w-]+\.classic\.js$/;
// Core's module, which a modern engine never loads: the islands' chunks bring the renderer (build/classic-core.ts, islandRenderer).
const CORE_MODULE = /^\/_astro\/core\.[\w-]+\.js$/;
const READS_PAGES = ['/vip-center', '/k-recharge', '/download', '/private.html'];

test("no island draws, and no script but core's and the first reads' preloads is asked for, before first paint, nor core's module ever (issues 18, 39)", async ({
  browser,
}) => {
  const early: string[] = [];
  for (const inApp of [false, true]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // When the first island hydrates: Astro's `astro:hydrate`, caught on its way down to the island.
    await page.addInitScript(() =>
      document.addEventListener('astro:hydrate', () => ((window as unknown as { __hydrated?: number }).__hydrated ??= performance.now()), true),
    );
    if (inApp) await withHost(page);
    for (const path of ['/vip-center', '/k-recharge', '/th-TH/feedback', '/zh-CN/k-report', '/download', '/private.html']) {
      await page.goto(`${path}?status_height=24`);
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      const { paint, hydrated, scripts, all } = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
        return {
          paint,
          hydrated: (window as unknown as { __hydrated: number }).__hydrated,
          scripts: js.filter((r) => r.startTime < paint).map((r) => new URL(r.name).pathname),
          all: js.map((r) => new URL(r.name).pathname),
        };
      });
      const where = `${path}${inApp ? ' in the app' : ''}`;
      expect(hydrated, `${path}: an island hydrated`).toEqual(expect.any(Number));
      if (hydrated < paint) early.push(`${where}: hydrated at ${hydrated} ms, first paint at ${paint} ms`);
      const preloaded = scripts.filter((s) => FIRST_READS_SCRIPT.test(s));
      if (preloaded.length !== (inApp && READS_PAGES.includes(path) ? 1 : 0))
        early.push(`${where}: the first reads' script asked for ${preloaded.length} times before first paint`);
      const core = scripts.filter((s) => CORE_SCRIPT.test(s));
      if (core.length !== 1) early.push(`${where}: core's script asked for ${core.length} times before first paint`);
      early.push(...scripts.filter((s) => !FIRST_READS_SCRIPT.test(s) && !CORE_SCRIPT.test(s)).map((s) => `${where}: ${s} asked for before first paint`));
      early.push(...all.filter((s) => CORE_MODULE.test(s)).map((s) => `${where}: core's module ${s} asked for`));
    }
    await context.close();
  }
  expect(early).toEqual([]);
});

test('an island chunk that never loads shows the error after 120 s, not before', async ({ page }) => {
  await page.clock.install();
  // Astro retries a failed import once with `?astro-retry=…`: a real outage fails both.
  await page.route(/\/_astro\/Feedback\.[^/?]+\.js(\?.*)?$/, (route) => route.abort());
  await page.goto('/zh-CN/feedback?status_height=24');
  // The installed clock also moves with real time: a loaded machine can add seconds between the page's
  // timer and this check, so "not before" is checked with 10 s to spare.
  await page.clock.runFor(110_000);
  await expect(page.locator('#chunk-error')).toBeHidden();
  await page.clock.runFor(11_000);
  await expect(page.locator('#chunk-error')).toBeVisible();
  await expect(page.locator('#chunk-error')).toContainText(t('zh-CN', 'shell.chunkError'));
});

test('a page whose islands loaded never shows the chunk error', async ({ page }) => {
  await page.clock.install();
  await withHost(page);
  await page.goto('/feedback');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.clock.runFor(121_000);
  await expect(page.locator('#chunk-error')).toBeHidden();
});
