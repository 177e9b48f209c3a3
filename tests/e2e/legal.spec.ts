import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../src/shared/locale';

// Each route and the text it shows (src/content/legal/<locale>/<name>.md).
const TEXTS: Record<string, string> = {
  'PrivacyPolicy/ChildrenPolicy': 'children-policy',
  'privacy-policy_v1_0.html': 'privacy-policy-v1',
  'license.html': 'license',
  vip_license: 'vip-license',
  'asset-migration.html': 'asset-migration',
  'source-license.html': 'source-license',
  auto_renewal: 'auto-renewal',
  'logout-warn.html': 'logout-warn',
  'infoList.html': 'info-list',
  'shareList.html': 'share-list',
  'policyAbstract.html': 'policy-abstract',
  'authProtocol.html': 'auth-protocol',
  'privacy-policy_2.html': 'privacy-policy-overseas',
};
/** A text's version and effective date, as its en-US file states them (every locale has the same). */
function dated(name: string) {
  const source = readFileSync(`src/content/legal/en-US/${name}.md`, 'utf8');
  return { version: /^version: "(.+)"$/m.exec(source)![1]!, effective: new Date(/^effective: (\S+)$/m.exec(source)![1]!) };
}

test.describe('legal texts', () => {
  for (const locale of LOCALES) {
    test(`the user agreement in ${locale}: its document, <html lang>, and no script to load`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(`/${locale}/license.html?status_height=24`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.legal-body h2').first()).toBeVisible();
      await expect(page.locator('.legal-meta')).toContainText('3.2');
      expect(scripts).toEqual([]);
    });
  }

  test('all 13 texts in all nine locales: written in the page language, with the version and the date as the locale writes it', async ({ request }) => {
    const problems: string[] = [];
    for (const [path, name] of Object.entries(TEXTS)) {
      const { version, effective } = dated(name);
      for (const locale of LOCALES) {
        const html = await (await request.get(`/${locale}/${path}`)).text();
        const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(effective);
        if (!html.includes(`<html lang="${locale}"`)) problems.push(`${locale}/${path}: <html lang> is not ${locale}`);
        // Nothing in the text is marked as written in another language, but the MIT License's English.
        const marked = [...html.matchAll(/<(?!html)[a-z]+[^>]* lang="([^"]+)"/g)].map((m) => m[1]).filter((lang) => lang !== 'en');
        if (marked.length) problems.push(`${locale}/${path}: parts marked lang=${marked.join(', ')}`);
        if (!html.includes(version) || !html.includes(date)) problems.push(`${locale}/${path}: no "${version}" and "${date}"`);
        if (/<script[^>]+src=|type="module"/.test(html)) problems.push(`${locale}/${path}: loads a script`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every text has its document, a contents list for long ones, and no script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    for (const path of Object.keys(TEXTS)) {
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
