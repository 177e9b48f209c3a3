import { expect, test } from '@playwright/test';
import { hostCalls, sessionOf, watch, withHost } from '../fixtures/pages';

const px = (page: import('@playwright/test').Page, selector: string, property: string) =>
  page.locator(selector).evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test.describe('shell rules before first paint', () => {
  test('a flagged route with status_height shows the back bar and pads status_height + 50', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/feedback?status_height=24');
    await expect(page.locator('.bar')).toBeVisible();
    await expect(page.locator('.bar-title')).toHaveText('Feedback');
    expect(await px(page, 'body', 'padding-top')).toBe('74px');
    expect(problems).toEqual([]);
  });

  test('without status_height the bar stays hidden and the default status bar height 32 applies', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.locator('.bar')).toBeHidden();
    expect(await px(page, 'body', 'padding-top')).toBe('82px');
  });

  test('vip-center has no back bar and no top padding', async ({ page }) => {
    await page.goto('/vip-center?status_height=24');
    await expect(page.locator('.bar')).toHaveCount(0);
    expect(await px(page, 'body', 'padding-top')).toBe('0px');
  });

  test('search pads by status_height only', async ({ page }) => {
    await page.goto('/search-keyword?status_height=28');
    expect(await px(page, 'body', 'padding-top')).toBe('28px');
  });

  test('the inline script runs under the page CSP without violations', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/license.html?status_height=20&dark=1&bgColor=000000');
    await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(problems).toEqual([]);
  });
});

test.describe('theme', () => {
  for (const [bg, theme, rgb] of [['000000', 'dark', 'rgb(0, 0, 0)'], ['171717', 'dark1', 'rgb(23, 23, 23)'], ['262626', 'dark2', 'rgb(38, 38, 38)']]) {
    test(`dark=1&bgColor=${bg} selects ${theme}`, async ({ page }) => {
      await page.goto(`/zh-CN/feedback?dark=1&bgColor=${bg}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme!);
      expect(await px(page, 'body', 'background-color')).toBe(rgb);
    });
  }

  test('any other value gives light', async ({ page }) => {
    await page.goto('/feedback?dark=1&bgColor=123456');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await px(page, 'body', 'background-color')).toBe('rgb(255, 255, 255)');
  });

  test("the host's h5Dark switches the theme live", async ({ page }) => {
    await withHost(page);
    await page.goto('/th-TH/feedback?status_height=24');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.evaluate(() => (window as any).h5Dark(JSON.stringify({ dark: 1, bgColor: '262626' })));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark2');
    await page.evaluate(() => (window as any).h5Dark('{"dark":0}'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('a light bgColor alone paints the page, in the app too (spec §2: the background is set to bgColor)', async ({ page }) => {
    await withHost(page, { dark: 1, bgColor: '171717' });
    await page.goto('/feedback?bgColor=f5f5f5');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await px(page, 'body', 'background-color')).toBe('rgb(245, 245, 245)');
  });

  test("without a dark query the host's dark() decides", async ({ page }) => {
    await withHost(page, { dark: 1, bgColor: '171717' });
    await page.goto('/feedback');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark1');
  });
});

test.describe('locale', () => {
  test('the reference server rewrites an unprefixed URL with a language query to that locale', async ({ page }) => {
    await page.goto('/feedback?language=th_TH&status_height=24');
    expect(new URL(page.url()).pathname).toBe('/feedback');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th-TH');
  });

  test("an unprefixed URL moves to the host's language, keeping the query", async ({ page }) => {
    await withHost(page, { baseInfo: { language: 'zh_TW' } });
    await page.goto('/feedback?status_height=24&dark=1&bgColor=000000');
    await expect(page).toHaveURL(/\/zh-TW\/feedback\?status_height=24&dark=1&bgColor=000000$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.locator('.bar-title')).not.toHaveText('Feedback');
  });

  test('a prefixed URL keeps its locale whatever the host says', async ({ page }) => {
    await withHost(page, { baseInfo: { language: 'th' } });
    await page.goto('/id-ID/license.html');
    await expect(page).toHaveURL(/\/id-ID\/license\.html$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'id-ID');
  });

  test('an unsupported language stays on en-US', async ({ page }) => {
    await page.goto('/feedback?language=fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

test.describe('titles, storage and back', () => {
  test('data1 makes the title read "my feedback" in the page language', async ({ page }) => {
    await page.goto('/zh-CN/my-detail?status_height=24&data1=1');
    const expected = await page.locator('html').getAttribute('data-mf');
    await expect(page.locator('.bar-title')).toHaveText(expected!);
    await expect(page).toHaveTitle(expected!);
  });

  test('q-and-a takes its title from the query', async ({ page }) => {
    await page.goto('/q-and-a?status_height=24&title=Why%20no%20lyrics%3F');
    await expect(page.locator('.bar-title')).toHaveText('Why no lyrics?');
  });

  test('app_sessionid and bgColor are saved to localStorage, hostile values are not', async ({ page }) => {
    await page.goto('/feedback?app_sessionid=abc-123&bgColor=f5f5f5');
    expect(await page.evaluate(() => [localStorage.getItem('app_sessionid'), localStorage.getItem('bgColor')])).toEqual(['abc-123', 'f5f5f5']);
    await page.goto('/feedback?app_sessionid=%3Cscript%3E&bgColor=red');
    expect(await page.evaluate(() => [localStorage.getItem('app_sessionid'), localStorage.getItem('bgColor')])).toEqual(['abc-123', 'f5f5f5']);
  });

  test('back on help-feedback closes the page through finishPage', async ({ page }) => {
    await withHost(page);
    await page.goto(`/feedback?status_height=24&app_sessionid=${sessionOf(page)}`);
    await page.goto(`/help-feedback?status_height=24&app_sessionid=${sessionOf(page)}`);
    await page.locator('.bar-back').click();
    await expect.poll(() => hostCalls(page, 'finishPage')).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/help-feedback');
  });

  test('back elsewhere goes back in history', async ({ page }) => {
    await withHost(page);
    await page.goto(`/feedback?status_height=24&app_sessionid=${sessionOf(page)}`);
    await page.goto(`/my-feedback?status_height=24&app_sessionid=${sessionOf(page)}`);
    await page.locator('.bar-back').click();
    await expect(page).toHaveURL(/\/feedback\?status_height=24&app_sessionid=[\w-]{43}$/);
    expect(await hostCalls(page, 'finishPage')).toHaveLength(0);
  });
});

test.describe('hostile query values do nothing harmful', () => {
  test('a markup title is shown as text, never parsed', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/q-and-a?status_height=24&title=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(page.locator('.bar-title')).toHaveText('<img src=x onerror=alert(1)>');
    await expect(page.locator('img')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a CSS breakout in bgColor is ignored and requests nothing', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/feedback?dark=1&bgColor=red;background:url(x)');
    expect(await px(page, 'body', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(requests.filter((u) => /\/x$/.test(u))).toEqual([]);
  });

  test('a protocol-relative language never leaves the site', async ({ page, baseURL }) => {
    await withHost(page, { baseInfo: { language: '//evil.example' } });
    await page.goto('/feedback?language=//evil.example');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
