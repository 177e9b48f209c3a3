import { expect, test } from '@playwright/test';
import { hostCalls, sessionOf, watch, withHost } from '../fixtures/pages';
import { defaultState } from '../../server/fake-host/state';
import { barTitleContrast, textUnderBar } from '../fixtures/sweep';
import { t } from '../fixtures/text';

const px = (page: import('@playwright/test').Page, selector: string, property: string) =>
  page.locator(selector).evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test.describe('shell rules before first paint', () => {
  test('a flagged route with status_height shows the back bar and pads status_height + 50', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/feedback?status_height=24');
    await expect(page.locator('.bar')).toBeVisible();
    await expect(page.locator('.bar-title')).toHaveText(t('en-US', 'title.feedback'));
    expect(await px(page, 'body', 'padding-top')).toBe('74px');
    expect(problems).toEqual([]);
  });

  // The blank above the title is kept on purpose: the spec's default status bar height is 32, and the
  // app's status bar may cover the top of a page opened without the query: the title sits in the
  // bar's place.
  test("without status_height there is no back button, and the title sits below the default 32 px status bar in the bar's 50 px", async ({ page }) => {
    await page.goto('/vi-VN/feedback?dark=1&bgColor=171717');
    await expect(page.locator('.bar-back')).toBeHidden();
    const title = page.getByRole('heading', { level: 1, name: t('vi-VN', 'title.feedback') });
    await expect(title).toBeVisible();
    const box = (await title.boundingBox())!;
    expect(box.height).toBeGreaterThan(15);
    expect(box.y).toBeGreaterThanOrEqual(32);
    expect(box.y + box.height).toBeLessThanOrEqual(82);
    const main = (await page.locator('main').boundingBox())!;
    expect(main.y).toBeGreaterThanOrEqual(82);
  });

  test('a page with a coloured band opened without status_height shows its title above the band, below the status bar', async ({ page }) => {
    await withHost(page);
    await page.goto(`/vi-VN/download?app_sessionid=${sessionOf(page)}`);
    const title = page.getByRole('heading', { level: 1, name: t('vi-VN', 'title.download') });
    await expect(title).toBeVisible();
    const titleBox = (await title.boundingBox())!;
    const band = (await page.locator('.music-hero').boundingBox())!;
    expect(titleBox.y).toBeGreaterThanOrEqual(32);
    expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(band.y + 1);
    expect(band.y).toBeLessThan(140);
  });

  test('vip-center has no back bar and no top padding', async ({ page }) => {
    await page.goto('/vip-center?status_height=24');
    await expect(page.locator('.bar')).toHaveCount(0);
    expect(await px(page, 'body', 'padding-top')).toBe('0px');
  });

  test('search pads by status_height only, 32 px when none is given', async ({ page }) => {
    await page.goto('/search-keyword?status_height=28');
    expect(await px(page, 'body', 'padding-top')).toBe('28px');
    await page.goto('/vi-VN/search-keyword?dark=1&bgColor=000000');
    expect(await px(page, 'body', 'padding-top')).toBe('32px');
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
  for (const [bg, theme, rgb] of [
    ['000000', 'dark', 'rgb(0, 0, 0)'],
    ['171717', 'dark1', 'rgb(23, 23, 23)'],
    ['262626', 'dark2', 'rgb(38, 38, 38)'],
  ]) {
    test(`dark=1&bgColor=${bg} selects ${theme}`, async ({ page }) => {
      await page.goto(`/zh-CN/feedback?dark=1&bgColor=${bg}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme!);
      expect(await px(page, 'body', 'background-color')).toBe(rgb);
    });
  }

  // spec §4: any value but dark=1 with one of the three dark colours gives light; the page is painted
  // bgColor where the light palette's text reads on it, else its own white.
  for (const [query, theme, rgb] of [
    ['dark=1&bgColor=123456', 'light', 'rgb(255, 255, 255)'],
    ['dark=0&bgColor=000000', 'light', 'rgb(255, 255, 255)'],
    ['dark=0&bgColor=ff0000', 'light-ink', 'rgb(255, 0, 0)'],
    ['bgColor=1e3a8a', 'light', 'rgb(255, 255, 255)'],
    ['bgColor=fff3d6', 'light', 'rgb(255, 243, 214)'],
  ]) {
    test(`${query} paints the page ${rgb}, every text on it at 4.5:1 or more`, async ({ page }) => {
      await withHost(page);
      await page.goto(`/id-ID/feedback?status_height=24&app_sessionid=${sessionOf(page)}&${query}`);
      // Sent empty: the form's errors show too.
      await page.locator('main form [type="submit"]').click();
      await expect(page.locator('[role="alert"], .field-error').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme!);
      expect(await px(page, 'body', 'background-color')).toBe(rgb);
      const poor = await page.evaluate(() => {
        const channel = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        const rgbOf = (color: string) => color.match(/[\d.]+/g)!.map(Number);
        const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
        const found: string[] = [];
        for (const el of document.querySelectorAll('body *')) {
          if (!el.checkVisibility() || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())) continue;
          // Only text drawn straight on the page's background: a card or a button brings its own.
          let painted = false;
          for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
            const [, , , alpha = 1] = rgbOf(getComputedStyle(node).backgroundColor);
            if (alpha > 0) painted = true;
          }
          if (painted) continue;
          const text = luminance(rgbOf(getComputedStyle(el).color));
          const back = luminance(rgbOf(getComputedStyle(document.body).backgroundColor));
          const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
          if (ratio < 4.5) found.push(`${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`);
        }
        return found;
      });
      expect(poor).toEqual([]);
    });
  }

  test("the host's h5Dark switches the theme live", async ({ page }) => {
    await withHost(page);
    await page.goto('/th-TH/feedback?status_height=24');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.evaluate(() => (window as any).h5Dark(JSON.stringify({ dark: 1, bgColor: '262626' })));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark2');
    await page.evaluate(() => (window as any).h5Dark('{"dark":0}'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  // The pages once could connect to and load images from any https host.
  test("a page's policy names its own origin for connections and images, and no site may frame it but this one", async ({ request }) => {
    for (const path of ['/vip-center', '/th-TH/license.html']) {
      const response = await request.get(path);
      const csp = /http-equiv="content-security-policy" content="([^"]+)"/i.exec(await response.text())![1]!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('connect-src'), path).toBe("connect-src 'self'");
      // The development build's one image host (build/csp-sources.ts); a release names its own.
      expect(directive('img-src'), path).toBe("img-src 'self' data: https://cdn.example.com");
      // The development server: the simulator's own origin frames the pages (release: 'none', DENY).
      expect(response.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(response.headers()['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  // Spec §7: the two helpers that give a JSON string from the page's creation on.
  test('getH5Theme and getH5Language give the host what the page shows, as JSON strings, live', async ({ page }) => {
    await withHost(page);
    await page.goto('/vi-VN/feedback?dark=1&bgColor=171717');
    const ask = (name: string) => page.evaluate((helper) => (window as any)[helper](), name);
    expect(await ask('getH5Language')).toBe('{"language":"vi-VN"}');
    expect(await ask('getH5Theme')).toBe('{"bgColor":"171717","dark":1}');
    await page.evaluate(() => (window as any).h5Dark('{"dark":0}'));
    expect(JSON.parse(await ask('getH5Theme'))).toEqual({ bgColor: 'ffffff', dark: 0 });
    // A text page (no JavaScript but the shell's) has them too, with a light colour the host gave.
    await page.goto('/fil-PH/privacy-policy_2.html?bgColor=f5f5f5');
    expect(JSON.parse(await ask('getH5Theme'))).toEqual({ bgColor: 'f5f5f5', dark: 0 });
    expect(JSON.parse(await ask('getH5Language'))).toEqual({ language: 'fil-PH' });
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
    await expect(page.locator('.bar-title')).not.toHaveText(t('en-US', 'title.feedback'));
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
    // The entry as the shell left it: without the session, which the shell took out of the address.
    await expect(page).toHaveURL(/\/feedback\?status_height=24$/);
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

test.describe('the back bar over a page (issue 16)', () => {
  const MEMBER = { account: { ...defaultState().account, is_member: 1, vipType: 1, vip: { is_vip: 1, valid_time: 1_999_999_999 } } };
  // The padding-0 pages that open with a coloured band, and one member's gold band.
  for (const [path, host] of [
    ['download', {}],
    ['k-recharge', {}],
    ['vip-management', {}],
    ['vip-management', MEMBER],
  ] as const) {
    test(`/${path}${host === MEMBER ? ' (member)' : ''}: the title reads at 4.5:1 on the band's pixels, and the bar turns solid in its colour once scrolled`, async ({
      page,
    }) => {
      await withHost(page, host);
      await page.setViewportSize({ width: 360, height: 400 });
      await page.goto(`/ms-MY/${path}?status_height=24&app_sessionid=${sessionOf(page)}`);
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      expect(await barTitleContrast(page)).toBeGreaterThanOrEqual(4.5);
      await page.evaluate(() => scrollTo(0, 120));
      await expect(page.locator('html')).toHaveClass(/scrolled/);
      expect(await px(page, '.bar', 'background-color')).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      expect(await page.evaluate(textUnderBar)).toEqual([]);
      expect(await barTitleContrast(page)).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('/k-recharge, which keeps its scroll position: reloaded scrolled, the bar is solid again', async ({ page }) => {
    await withHost(page);
    await page.setViewportSize({ width: 360, height: 400 });
    await page.goto(`/k-recharge?status_height=24&app_sessionid=${sessionOf(page)}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.evaluate(() => scrollTo(0, 120));
    await expect(page.locator('html')).toHaveClass(/scrolled/);
    await page.reload();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveClass(/scrolled/);
  });

  test('on a padding-0 page without a band the bar is solid in the page colour, so text scrolled under it is hidden', async ({ page }) => {
    await withHost(page);
    await page.setViewportSize({ width: 320, height: 360 });
    await page.goto(`/vi-VN/vip_license?status_height=24&dark=1&bgColor=171717`);
    await page.evaluate(() => scrollTo(0, 400));
    expect(await px(page, '.bar', 'background-color')).toBe('rgb(23, 23, 23)');
    expect(await page.evaluate(textUnderBar)).toEqual([]);
  });
});

test.describe('links and dead ends (issue 16)', () => {
  test("a link in a page's HTML carries the shell's query: the next page keeps the bar, theme and language", async ({ page }) => {
    await page.goto('/th-TH/automatic-lyrics?status_height=24&dark=1&bgColor=171717&language=th');
    await page.locator('main a.button').click();
    await expect(page).toHaveURL(/\/th-TH\/feedback\?/);
    const query = new URL(page.url()).searchParams;
    expect([query.get('status_height'), query.get('dark'), query.get('bgColor'), query.get('language')]).toEqual(['24', '1', '171717', 'th']);
    await expect(page.locator('.bar-back')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark1');
  });

  test('an unknown address gets the styled page in its locale, with status 404 and a way on', async ({ page }) => {
    const response = await page.goto('/vi-VN/no-such-page?status_height=24');
    expect(response!.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi-VN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('vi-VN', 'title.404'));
    await expect(page.locator('.bar-back')).toBeVisible();
    await page.getByRole('link', { name: t('vi-VN', 'layout.notFoundHelp') }).click();
    await expect(page).toHaveURL(/\/vi-VN\/help-feedback\?status_height=24$/);
  });

  test('an unknown unprefixed address follows the language query, and an unknown API path stays JSON', async ({ page, request }) => {
    const response = await page.goto('/nothing/here.html?language=th');
    expect(response!.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th-TH');
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
  });
});
