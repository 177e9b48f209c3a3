import { expect, test, type Page } from '@playwright/test';
import { defaultState } from '../fixtures/fake-host/state';
import { hostCalls, watch, withHost } from '../fixtures/pages';

/** A user of their own per test: the e2e database keeps what earlier tests bought. */
function user(overrides: Record<string, unknown> = {}, base: Record<string, unknown> = {}) {
  const state = defaultState();
  const uid = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  return {
    ...state,
    baseInfo: { ...state.baseInfo, uid, ...base },
    providerUrl: '/api/dev/provider',
    replyDelayMs: 50,
    ...overrides,
  };
}

const open = (page: Page, path: string, query = '') => page.goto(`${path}?status_height=24&app_sessionid=e2e-session${query}`);

async function buyMonth(page: Page) {
  await expect(page.locator('.vip-plan[aria-pressed="true"]')).toContainText(/1 month|1 个月/);
  await page.locator('.vip-buy').click();
  await expect(page).toHaveURL(/\/channel\?.*plan=vip-month/);
  await page.locator('button.vip-buy').click();
}

test.describe('VIP: buy and renew', () => {
  test('buys a month plan: the activated message, 31 days left and the expiry', async ({ page }) => {
    const problems = watch(page);
    await withHost(page, user());
    await open(page, '/vip-center');
    await expect(page.locator('.vip-state')).toHaveText('You are not a VIP member yet');
    await expect(page.locator('.vip-plan')).not.toHaveCount(0);
    await expect(page.locator('.vip-plan-original').first()).toBeVisible();
    await buyMonth(page);
    await expect(page).toHaveURL(/\/vip-center\?.*order=o-/);
    await expect(page.locator('.vip-banner')).toContainText('VIP activated: VIP · 1 month, valid until');
    await expect(page.locator('.vip-state')).toHaveText('Days left: 31');
    expect(await hostCalls(page, 'paySuccess')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('renews in zh-CN dark: the renewed message with the new expiry', async ({ page }) => {
    const host = user();
    await withHost(page, host);
    await open(page, '/zh-CN/vip-center', '&dark=1&bgColor=171717');
    await buyMonth(page);
    await expect(page.locator('.vip-banner')).toBeVisible();
    await open(page, '/zh-CN/vip-center', '&dark=1&bgColor=171717');
    await buyMonth(page);
    await expect(page.locator('.vip-banner')).toContainText('续费成功');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark1');
    // The host's account said non-member all along: the days come from the server's order, 31 + 31.
    await expect(page.locator('.vip-state')).toContainText('62');
  });
});

test.describe('VIP: payment outcomes', () => {
  test('a failed payment goes to payError, and retry returns to the same plan', async ({ page }) => {
    await withHost(page, user({ payOutcome: 'failed' }));
    await open(page, '/vip-center');
    await buyMonth(page);
    await expect(page).toHaveURL(/\/payError\?.*plan=vip-month/);
    await expect(page.locator('.vip-failure')).toContainText('Payment failed');
    await expect(page.getByText('Funds arrive within 5-10 minutes; contact support if not credited within 30 minutes.')).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/channel\?.*plan=vip-month/);
    await expect(page.locator('button.vip-buy')).toBeEnabled();
  });

  test('cancel, then abandon: back to the VIP Center, no membership', async ({ page }) => {
    await withHost(page, user({ payOutcome: 'cancel' }));
    await open(page, '/vip-center');
    await buyMonth(page);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Abandon this purchase?');
    await dialog.getByRole('button', { name: 'Abandon' }).click();
    await expect(page).toHaveURL(/\/vip-center/);
    await expect(page.locator('.vip-state')).toHaveText('You are not a VIP member yet');
  });

  test('cancel, then continue: pays the same order again and succeeds', async ({ page }) => {
    await withHost(page, user({ payOutcome: 'cancel' }));
    await open(page, '/vip-center');
    await buyMonth(page);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await page.evaluate(() => (window as any).__fakeHost.setState({ payOutcome: 'success' }));
    await dialog.getByRole('button', { name: 'Continue paying' }).click();
    await expect(page.locator('.vip-banner')).toContainText('VIP activated');
    const orders = (await hostCalls(page, 'startPayWeb')) as { orderId: string }[];
    expect(orders).toHaveLength(2);
    expect(orders[0]!.orderId).toBe(orders[1]!.orderId);
  });
});

test.describe('VIP: who can pay', () => {
  test('not signed in: the login message with a sign-in button', async ({ page }) => {
    await withHost(page, user({ account: { isLogin: false } }));
    await open(page, '/vip-center');
    await expect(page.locator('.gate')).toContainText('Please log in your music account.');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a non-provider account is refused before startPayWeb', async ({ page }) => {
    await withHost(page, user({ isHeytapLogin: false }));
    await open(page, '/channel', '&plan=vip-month');
    await page.locator('button.vip-buy').click();
    await expect(page.locator('.vip-failure')).toHaveText('Only login with OPPO account is supported');
    expect(await hostCalls(page, 'startPayWeb')).toHaveLength(0);
  });

  test('a blocked region says payment is unavailable and never pays', async ({ page }) => {
    await withHost(page, user({}, { dev_region: 'XX' }));
    await open(page, '/id-ID/channel', '&plan=vip-month');
    await expect(page.locator('.vip-failure')).toBeVisible();
    await expect(page.locator('button.vip-buy')).toBeDisabled();
    expect(await hostCalls(page, 'startPayWeb')).toHaveLength(0);
  });

  test('a double tap on Pay creates one order', async ({ page }) => {
    await withHost(page, user({ replyDelayMs: 400 }));
    await open(page, '/channel', '&plan=vip-month');
    const pay = page.locator('button.vip-buy');
    await pay.dblclick();
    await expect(page).toHaveURL(/\/vip-center\?.*order=o-/);
    expect(await hostCalls(page, 'startPayWeb')).toHaveLength(1);
  });

  test('an unknown plan in the query is refused, never shown', async ({ page }) => {
    await withHost(page, user());
    await open(page, '/channel', '&plan=%3Cimg%20src%3Dx%3E');
    await expect(page.locator('.vip-failure')).toHaveText('This plan is no longer available. Choose another one in the VIP Center.');
  });
});

test.describe('VIP: the page holds still while it loads', () => {
  /** The layout shift the page has had so far (Chromium's layout-shift entries, as CLS counts them). */
  const shift = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );

  for (const [who, loaded, host] of [
    ['a member', '.vip-plan:not(.skeleton)', () => user({ account: { ...defaultState().account, is_member: 1, vip: { is_vip: 1, valid_time: Math.floor(Date.now() / 1000) + 9 * 86_400 } } })],
    ['a signed-out user', '.gate', () => user({ account: { isLogin: false } })],
  ] as const) {
    test(`for ${who}, the plans and prompts take their place without moving the benefits`, async ({ page }) => {
      await withHost(page, host());
      await open(page, '/vip-center');
      await expect(page.locator(loaded).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (who === 'a member') {
        // Hydrated over the server's placeholder: the state and its styling both replace it.
        await expect(page.locator('.vip-card')).toHaveClass(/is-member/);
        await expect(page.locator('.vip-state')).toHaveText('Days left: 9');
        await expect(page.locator('.vip-state')).not.toHaveClass(/skeleton/);
      }
      expect(await shift(page)).toBeLessThan(0.02);
    });
  }
});
