import { expect, test } from '@playwright/test';
import { sessionOf, withHost, watch } from '../fixtures/pages';
import { LOCALES } from '../../src/lib/locale';
import { ROUTES } from '../../src/lib/routes';
import { MESSAGE_KEYS, NAMES, audit, englishPhrases, settle } from '../fixtures/sweep';

// Every route in every locale, at the two smallest phones the app supports (issue 9 §4): a user
// signed in, as the app opens the page. One test per route, so a failure names it.
const SIZES = [
  { width: 320, height: 640 },
  { width: 360, height: 780 },
];
const NON_LATIN = new Set(['zh-CN', 'zh-TW', 'zh-HK', 'th-TH']);
// Long words and long labels: the locale most likely to overflow when the text doubles.
const ZOOM_LOCALE = 'id-ID';

test.describe.configure({ mode: 'parallel' });

for (const { path } of ROUTES) {
  test(`/${path}: ${LOCALES.length} locales at 320 and 360 wide, nothing cut, overflowing or untranslated, text zoom 200 %`, async ({ page }) => {
    const errors = watch(page);
    await withHost(page);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      await page.setViewportSize(SIZES[0]!);
      await page.goto(`/${locale}/${path}?status_height=24&app_sessionid=${sessionOf(page)}`);
      await settle(page);
      const input = { locale, keys: MESSAGE_KEYS, english: englishPhrases(locale), latinRun: NON_LATIN.has(locale), names: NAMES };
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const problem of await page.evaluate(audit, input)) problems.push(`${locale} ${size.width}px: ${problem}`);
      }
      if (locale === ZOOM_LOCALE) {
        // Android's text zoom at 200 %: every size in the CSS is in rem, so a doubled root font is the
        // same scaling. Nothing may be cut off or push the page sideways.
        await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
        for (const problem of await page.evaluate(audit, input)) problems.push(`${locale} 360px, text 200 %: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}
