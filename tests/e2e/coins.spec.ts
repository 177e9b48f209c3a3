import { expect, test, type Page } from '@playwright/test';
import { defaultState } from '../fixtures/fake-host/state';
import { hostCalls, withHost } from '../fixtures/pages';

/** A user of their own per test: the e2e database keeps what earlier tests bought. */
function user(overrides: Record<string, unknown> = {}) {
  const state = defaultState();
  return { ...state, baseInfo: { ...state.baseInfo, uid: `e2e-${Math.random().toString(36).slice(2, 10)}` }, providerUrl: '/api/dev/provider', replyDelayMs: 50, ...overrides };
}
const open = (page: Page, path: string, query = '') => page.goto(`${path}?status_height=24&app_sessionid=e2e-session${query}`);

test.describe('coins', () => {
  test('recharge a package to success: the new balance, then a credited record', async ({ page }) => {
    await withHost(page, user());
    await open(page, '/k-recharge');
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await page.getByRole('button', { name: /300 coins/ }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.locator('.coins-notice')).toHaveText('310 coins added. Your balance is 310.');
    await expect(page.locator('.coins-balance')).toHaveText('310');
    expect(await hostCalls(page, 'paySuccess')).toHaveLength(1);
    await page.getByRole('link', { name: 'Records' }).click();
    await expect(page.locator('.record').first()).toContainText('+310');
    await expect(page.locator('.record-state').first()).toHaveText('Credited');
  });

  test('a cancelled recharge can be abandoned and adds no coins', async ({ page }) => {
    await withHost(page, user({ payOutcome: 'cancel' }));
    await open(page, '/k-recharge');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Abandon' }).click();
    await expect(page.locator('.coins-balance')).toHaveText('0');
  });

  test('a custom amount outside the limits is refused on the page', async ({ page }) => {
    await withHost(page, user());
    await open(page, '/k-recharge');
    await expect(page.getByRole('button', { name: /300 coins/ })).toBeVisible();
    await page.getByLabel('Other amount').fill('5');
    await expect(page.locator('.coins-error')).toHaveText('Enter a whole number of coins from 10 to 50000.');
    await expect(page.getByRole('button', { name: /Choose an amount/ })).toBeDisabled();
  });

  test('a new user sees "No data"', async ({ page }) => {
    await withHost(page, user());
    await open(page, '/k-transactions');
    await expect(page.locator('.records-empty')).toHaveText('No data');
  });

  test('the seeded user pages through every record to the end, in zh-CN dark', async ({ page }) => {
    const state = defaultState();
    await withHost(page, { ...state, providerUrl: '/api/dev/provider' });
    await open(page, '/zh-CN/k-transactions', '&dark=1&bgColor=171717');
    await expect(page.locator('.records-month').first()).toBeVisible();
    for (let i = 0; i < 5 && (await page.locator('.records-end').count()) === 0; i++) {
      await page.locator('.record').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await expect(page.locator('.records-end')).toHaveText('没有更多了');
    const ids = await page.locator('.record').count();
    expect(ids).toBeGreaterThanOrEqual(45);
  });
});
