/**
 * Field reports (docs/field.md): a page inside the app meets an error thrown after load, a
 * chunk that does not come, and a host answer that breaks the bridge contract; once the page is left,
 * `npm run field` shows exactly those, with the route, the engine, the app version and the page's
 * timings, and nothing of the user.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app';
import { sessionOf } from '../fixtures/pages';

const port = Number(process.env.E2E_PORT ?? 4329);
// Its own words each run: the e2e database keeps what earlier runs reported.
const MESSAGE = `field e2e ${Math.random().toString(36).slice(2, 10)}: thrown after load`;

/** `npm run field` of the e2e server's database (playwright.config.ts names its DATA_DIR). */
const fieldReport = () => execFileSync(process.execPath, ['scripts/field.mjs'], { env: { ...process.env, DATA_DIR: `.data/e2e-${port}` }, encoding: 'utf8' });

/** The reporter has taken the queue over: the page is idle and reporting. */
const reporting = (page: Page) =>
  page.waitForFunction(() => (window as { __field?: unknown }).__field && !Array.isArray((window as { __field?: unknown }).__field));

test('an error, a failed chunk and a broken host answer on /vi-VN/vip-center reach npm run field, with nothing personal', async ({
  page,
  uid,
  signIn,
  open,
}) => {
  await signIn({
    // valid JSON, but `is_vip` is 0 or 1 in the contract
    overrides: { accountInfo: JSON.stringify({ isLogin: true, nickname: 'Field Tester', vip: { is_vip: 'yes', valid_time: 0 } }) },
  });
  const thrown = page.waitForEvent('pageerror');
  await open('/vi-VN/vip-center');
  await expect(page.locator('[data-useful]').first()).toBeVisible();
  await reporting(page);
  // A chunk that is not there, asked for the way the build asks for every lazy chunk.
  await page.evaluate(() => (window as any).__importAgain('./field-missing.js', `${location.origin}/_astro/x.js`).catch(() => undefined));
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    }, 0);
  }, MESSAGE);
  expect((await thrown).message).toContain(MESSAGE);
  const session = sessionOf(page);
  // Leaving the page hides it: the reporter sends with the beacon.
  await page.goto('about:blank');

  // The beacon is on its own: read the report until it has arrived.
  let report = '';
  await expect.poll(() => (report = fieldReport()).includes(MESSAGE), { timeout: 15_000 }).toBe(true);
  const line = (pattern: RegExp) => report.split('\n').find((row) => pattern.test(row)) ?? '';
  const engine = `chromium ${/Chrome\/(\d+)/.exec(await page.evaluate(() => navigator.userAgent))![1]}`;
  // The page's row: route, engine, in the app, and its timings (FCP and the useful mark at least).
  expect(line(new RegExp(`^\\s+/vip-center\\s+${engine}\\s+in app`))).toMatch(/in app\s+\d+\s+\d+\s+\d+/);
  expect(line(new RegExp(MESSAGE))).toMatch(new RegExp(`${MESSAGE}\\s+–\\s+${engine}\\s+12\\.3\\.0`));
  expect(line(/field-missing/)).toMatch(/^\s+[1-9]\d*\s+\d+\s+\/_astro\/field-missing\.js$/);
  expect(line(/accountInfo/)).toMatch(new RegExp(`accountInfo\\s+invalid value at vip\\.is_vip \\(expected \\(0 \\| 1\\)\\)\\s+${engine}\\s+12\\.3\\.0`));
  for (const personal of [uid, session, 'Field Tester']) expect(report).not.toContain(personal);
});
