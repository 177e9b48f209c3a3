import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { withHost } from '../fixtures/pages';
import { PATHS, settle, smallTargets } from '../fixtures/sweep';

// Issue 9 §5: every route with axe-core in light and in dark, and every control big enough for a
// finger. Light in en-US, dark in zh-CN (a second script, and the dark1 palette the app uses most).
const THEMES = [
  { name: 'light', prefix: '', query: '' },
  { name: 'dark', prefix: '/zh-CN', query: '&dark=1&bgColor=171717' },
];

test.describe.configure({ mode: 'parallel' });

for (const path of PATHS) {
  test(`/${path}: 0 axe violations in light and dark, touch targets ≥ 44 px`, async ({ page }) => {
    await withHost(page);
    const problems: string[] = [];
    for (const theme of THEMES) {
      await page.goto(`${theme.prefix}/${path}?status_height=24&app_sessionid=e2e-a11y${theme.query}`);
      await settle(page);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
      for (const v of violations) problems.push(`${theme.name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      for (const small of await page.evaluate(smallTargets, 44)) problems.push(`${theme.name}: small target ${small}`);
    }
    expect(problems).toEqual([]);
  });
}
