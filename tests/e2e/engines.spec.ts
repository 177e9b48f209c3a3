/**
 * The old-engine support on today's engine: the notice for engines below the floor, run as such an
 * engine runs it (the `nomodule` script as a classic script), and the modern build alone for a
 * modern engine. The old engines themselves run the flows in `npm run test:engines` (tests/engines).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { htmlFiles } from '../../scripts/lib/pages.mjs';
import { t } from '../fixtures/text';
import { watch, withHost } from '../fixtures/pages';

test('every page with islands carries the notice and its nomodule script, allowed by its CSP; no other page has either', () => {
  const wrong: string[] = [];
  for (const file of htmlFiles()) {
    const html = readFileSync(file, 'utf8');
    const islands = html.includes('<astro-island');
    const script = /<script nomodule>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const notice = html.includes('id="old-engine"');
    if (!islands) {
      if (script !== undefined || notice) wrong.push(`${file}: the notice on a page without islands`);
      continue;
    }
    const hash = `'sha256-${createHash('sha256')
      .update(script ?? '')
      .digest('base64')}'`;
    if (script === undefined || !notice) wrong.push(`${file}: no notice`);
    else if (!/<meta http-equiv="content-security-policy" content="[^"]*/.exec(html)?.[0].includes(hash))
      wrong.push(`${file}: the CSP does not allow the notice`);
  }
  expect(wrong).toEqual([]);
  // The text pages are among those without.
  expect(
    htmlFiles()
      .filter((f: string) => f.endsWith('license.html'))
      .every((f: string) => !readFileSync(f, 'utf8').includes('nomodule')),
  ).toBe(true);
});

for (const locale of ['vi-VN', 'th-TH', 'zh-HK'] as const) {
  test(`below the floor, in ${locale}: the notice in the page's language in place of the islands`, async ({ page }) => {
    const problems = watch(page);
    await withHost(page);
    await page.goto(`/${locale}/vip-center?status_height=24`);
    await expect(page.locator('#old-engine')).toBeHidden();
    // What an engine without module scripts runs: the nomodule script, classic. The same bytes, so the
    // page's CSP allows it by its hash (a refusal would be in `problems`).
    await page.evaluate(() => {
      const old = document.querySelector('script[nomodule]')!;
      const classic = document.createElement('script');
      classic.textContent = old.textContent;
      document.body.appendChild(classic);
    });
    await expect(page.locator('#old-engine')).toBeVisible();
    await expect(page.locator('#old-engine')).toHaveText(t(locale, 'engine.update'));
    await expect(page.locator('#main astro-island').first()).toBeHidden();
    expect(problems).toEqual([]);
  });
}

test('an engine with module scripts but below the floor (no ResizeObserver: Chromium 61–63) gets the notice, not dead controls', async ({ page }) => {
  const problems = watch(page);
  const requested: string[] = [];
  page.on('request', (request) => /\/_astro\/.*\.js$/.test(request.url()) && requested.push(request.url()));
  await page.addInitScript(() => {
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
    delete (window as { structuredClone?: unknown }).structuredClone;
  });
  await withHost(page);
  await page.goto('/ms-MY/k-recharge?status_height=24');
  await expect(page.locator('#old-engine')).toHaveText(t('ms-MY', 'engine.update'));
  await expect(page.locator('#main astro-island').first()).toBeHidden();
  expect(requested).toEqual([]);
  expect(problems).toEqual([]);
});

test('a modern engine loads the modern build and nothing of the legacy one', async ({ page }) => {
  const legacy: string[] = [];
  page.on('request', (request) => /\/_astro\/legacy\//.test(request.url()) && legacy.push(request.url()));
  await withHost(page);
  await page.goto('/k-recharge?status_height=24');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.goto('/feedback?status_height=24');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(legacy).toEqual([]);
});
