import { expect, test } from '@playwright/test';
import { LOCALES } from '../../src/lib/locale';

const TEXTS = [
  'PrivacyPolicy/ChildrenPolicy',
  'privacy-policy_v1_0.html',
  'license.html',
  'vip_license',
  'asset-migration.html',
  'source-license.html',
  'auto_renewal',
  'logout-warn.html',
  'infoList.html',
  'shareList.html',
  'policyAbstract.html',
  'authProtocol.html',
  'privacy-policy_2.html',
];
// Written in full in these locales; the others show the en-US text, marked so, with a note.
const WRITTEN = ['en-US', 'zh-CN'];

test.describe('legal texts', () => {
  for (const locale of LOCALES) {
    test(`the user agreement in ${locale}: its document, <html lang>, and no script to load`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(`/${locale}/license.html?status_height=24`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.legal-body h2').first()).toBeVisible();
      await expect(page.locator('.legal-meta')).toContainText('3.2');
      const article = page.locator('article.legal');
      if (WRITTEN.includes(locale)) {
        await expect(article).not.toHaveAttribute('lang', /.+/);
        await expect(page.locator('.legal-pending')).toHaveCount(0);
      } else {
        await expect(article).toHaveAttribute('lang', 'en-US');
        await expect(page.locator('.legal-pending')).toHaveAttribute('lang', locale);
      }
      expect(scripts).toEqual([]);
    });
  }

  test('every text has its document, a contents list for long ones, and no script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    for (const path of TEXTS) {
      await page.goto(`/zh-CN/${path}`);
      await expect(page.locator('.legal-body'), path).not.toBeEmpty();
      const sections = await page.locator('.legal-body h2').count();
      await expect(page.locator('.legal-toc'), path).toHaveCount(sections >= 4 ? 1 : 0);
    }
    expect(scripts).toEqual([]);
  });

  test('the lists are tables of three columns; a contents link goes to its section', async ({ page }) => {
    await page.goto('/infoList.html');
    await expect(page.locator('.legal-body table').first().locator('thead th')).toHaveCount(3);
    await page.goto('/shareList.html');
    await expect(page.locator('.legal-body table').first().locator('thead th')).toHaveCount(3);
    await page.goto('/privacy-policy_2.html');
    const link = page.locator('.legal-toc a').nth(2);
    const target = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(`[id="${target.slice(1)}"]`)).toBeInViewport();
  });

  test('readable at 320 px with 200% text: nothing wider than the screen but the tables, which scroll', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['privacy-policy_2.html', 'infoList.html']) {
      await page.goto(`/th-TH/${path}`);
      // Through the CSSOM: the page's CSP refuses an injected stylesheet, as it should.
      await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%'));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
