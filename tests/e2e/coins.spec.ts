import { defaultState } from '../../server/fake-host/state';
import { api } from '../fixtures/api';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app';
import { hostCalls, watch, withHost } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

// Each test a user of its own (the e2e database keeps what earlier tests bought), paying through the dev provider.
test.use({ hostDefaults: { providerUrl: '/api/dev/provider', replyDelayMs: 50 } });

/** The pay button's name once an amount is chosen: "Pay" and the price. */
const pay = pattern(t('en-US', 'coins.pay'), { price: /.+/ }, { whole: true });

/** One finger's touch event at height `y` on the page, as the pull to refresh reads it. */
const drag = (page: Page, type: 'touchstart' | 'touchmove' | 'touchend', y: number) =>
  page.evaluate(
    ([type, y]) => {
      const touch = new Touch({ identifier: 1, target: document.body, clientX: 100, clientY: y });
      dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : [touch], changedTouches: [touch], bubbles: true }));
    },
    [type, y] as const,
  );

test.describe('coins', () => {
  test('recharge a package to success: the new balance, then a credited record', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-recharge');
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-notice')).toHaveText(t('en-US', 'coins.credited', { coins: 310, balance: 310 }));
    await expect(page.locator('.coins-balance')).toHaveText('310');
    expect(await hostCalls(page, 'paySuccess')).toHaveLength(1);
    await page.getByRole('link', { name: t('en-US', 'coins.records') }).click();
    await expect(page.locator('.record').first()).toContainText('+310');
    await expect(page.locator('.record-state').first()).toHaveText(t('en-US', 'coins.stateCredited'));
  });

  test('packages that fail to load: the error instead of a skeleton, and a retry that loads them', async ({ page, signIn, open }) => {
    await signIn();
    let failures = 1;
    await page.route('**/api/coins/packages', (route) => (failures-- > 0 ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()));
    await open('/vi-VN/k-recharge');
    await expect(page.locator('.coins-notice.is-error')).toBeVisible();
    await expect(page.locator('.coins-packages')).toBeHidden();
    await page
      .locator('.coins-notice')
      .getByRole('button', { name: t('vi-VN', 'coins.retry') })
      .click();
    await expect(page.getByRole('button', { name: /300/ })).toBeVisible();
    await expect(page.locator('.coins-notice')).toHaveCount(0);
  });

  test('a cancelled recharge can be abandoned and adds no coins', async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'cancel', missing: ['launchHTDialog2'] });
    await open('/k-recharge');
    await page.getByRole('button', { name: pay }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('en-US', 'coins.abandon') })
      .click();
    await expect(page.locator('.coins-balance')).toHaveText('0');
  });

  test('a recharge paid: the app is told to clear its history after paySuccess', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-recharge');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-balance')).toHaveText('310');
    expect(await hostCalls(page, 'paySuccess')).toHaveLength(1);
    expect(await hostCalls(page, 'clearHistory')).toHaveLength(1);
  });

  test("a cancelled recharge is abandoned through the app's own dialog when it has one", async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'cancel', dialogAnswer: 1 });
    await open('/k-recharge');
    await page.getByRole('button', { name: pay }).click();
    await expect
      .poll(() => hostCalls(page, 'launchHTDialog2'))
      .toEqual([
        {
          title: t('en-US', 'coins.abandonTitle'),
          content: t('en-US', 'coins.abandonMessage'),
          buttons: [t('en-US', 'coins.continuePay'), t('en-US', 'coins.abandon')],
        },
      ]);
    await expect(page.getByRole('button', { name: pay })).toBeEnabled();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.locator('.coins-balance')).toHaveText('0');
    expect(await hostCalls(page, 'startPayWeb')).toHaveLength(1);
  });

  test('a custom amount outside the limits is refused on the page', async ({ page, signIn, open }) => {
    await signIn();
    await open('/k-recharge');
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) })).toBeVisible();
    await page.getByLabel(t('en-US', 'coins.custom')).fill('5');
    await expect(page.locator('.coins-error')).toHaveText(t('en-US', 'coins.customRange', { min: 10, max: 50000 }));
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'coins.choose')) })).toBeDisabled();
  });

  test('a new user sees "No data", with the way to recharge, in the same locale and theme', async ({ page, signIn, open }) => {
    await signIn();
    await open('/zh-CN/k-transactions', '&dark=1&bgColor=171717');
    await expect(page.locator('.records-empty p')).toHaveText(t('zh-CN', 'coins.noData'));
    await page
      .locator('.records-empty')
      .getByRole('link', { name: t('zh-CN', 'coins.goRecharge') })
      .click();
    await expect(page).toHaveURL(/\/zh-CN\/k-recharge\?status_height=24&dark=1&bgColor=171717$/);
    await expect(page.getByRole('button', { name: /300/ })).toBeVisible();
  });

  test('the seeded user pages through every record to the end, in zh-CN dark', async ({ page, open }) => {
    const state = defaultState();
    await withHost(page, { ...state, providerUrl: '/api/dev/provider' });
    await open('/zh-CN/k-transactions', '&dark=1&bgColor=171717');
    await expect(page.locator('.records-month').first()).toBeVisible();
    for (let i = 0; i < 5 && (await page.locator('.records-end').count()) === 0; i++) {
      await page.locator('.record').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await expect(page.locator('.records-end')).toHaveText(t('zh-CN', 'coins.end'));
    const ids = await page.locator('.record').count();
    expect(ids).toBeGreaterThanOrEqual(45);
  });

  test('a failed recharge says so, adds nothing, and the next tap is a new order', async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'failed' });
    await open('/k-recharge');
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-notice')).toHaveText(t('en-US', 'error.payFailed'));
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await page.evaluate(() => (window as any).__fakeHost.setState({ payOutcome: 'success' }));
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-balance')).toHaveText('310');
    const orders = (await hostCalls(page, 'startPayWeb')) as { orderId: string }[];
    expect(orders).toHaveLength(2);
    expect(orders[0]!.orderId).not.toBe(orders[1]!.orderId);
  });

  test('a failed recharge is listed without "+" or the credited green; a credited one has both (vi-VN, dark)', async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'failed' });
    await open('/k-recharge');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-notice')).toHaveText(t('en-US', 'error.payFailed'));
    await page.evaluate(() => (window as any).__fakeHost.setState({ payOutcome: 'success' }));
    await page.getByRole('button', { name: pay }).click();
    await expect(page.locator('.coins-balance')).toHaveText('310');
    await open('/vi-VN/k-transactions', '&dark=1&bgColor=171717');
    const failed = page.locator('.record').filter({ hasText: t('vi-VN', 'coins.stateFailed') });
    const credited = page.locator('.record').filter({ hasText: t('vi-VN', 'coins.stateCredited') });
    await expect(failed.locator('.record-coins')).toHaveText('310');
    await expect(credited.locator('.record-coins')).toHaveText('+310');
    const look = (coins: typeof failed) =>
      coins.locator('.record-coins').evaluate((el) => ({ color: getComputedStyle(el).color, line: getComputedStyle(el).textDecorationLine }));
    const muted = await page
      .locator('.record-time')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(await look(failed)).toEqual({ color: muted, line: 'line-through' });
    expect((await look(credited)).color).not.toBe(muted);
  });

  test("a failed recharge shows the payment service's own words as plain text, as /payError does (ms-MY, dark)", async ({ page, signIn, open }) => {
    const problems = watch(page);
    await signIn({ payOutcome: 'failed', payMessage: '<img src=x onerror=alert(1)>\u0007Kad ditolak\u202e oleh bank' });
    await open('/ms-MY/k-recharge', '&dark=1&bgColor=171717');
    await page.locator('.coins-package').first().click();
    await page.locator('.coins-pay').click();
    await expect(page.locator('.coins-notice')).toHaveText(t('ms-MY', 'error.payFailed'));
    await expect(page.locator('.coins-reason')).toHaveText(t('ms-MY', 'coins.providerSaid', { reason: '<img src=x onerror=alert(1)>Kad ditolak oleh bank' }));
    await expect(page.locator('main img')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('/k-transactions: a recharge paid elsewhere is listed when the app shows the page again (id-ID, dark)', async ({ page, uid, signIn, open }) => {
    await signIn();
    await open('/id-ID/k-transactions', '&dark=1&bgColor=171717');
    await expect(page.locator('.records-empty p')).toHaveText(t('id-ID', 'coins.noData'));
    const { data } = await api(page, uid, '/api/coins/order', { packageId: 'coins-300', payType: '1', region: 'SG', attempt: `e2e-resume-${uid}-0001` });
    expect((await page.request.post('/api/dev/provider', { data: { orderId: data.order.orderId, outcome: 'paid' } })).ok()).toBe(true);
    await page.evaluate(() => (window as any).__fakeHost.emit('onResume'));
    await expect(page.locator('.record-coins')).toHaveText('+310');
  });

  test('records: a failed page keeps what was loaded and retries', async ({ page, open }) => {
    const state = defaultState();
    await withHost(page, { ...state, providerUrl: '/api/dev/provider' });
    let calls = 0;
    // The second page fails once.
    await page.route('**/api/coins/transactions', (route) => (++calls === 2 ? route.fulfill({ status: 500, body: 'down' }) : route.continue()));
    await open('/k-transactions');
    await expect(page.locator('.record')).toHaveCount(20);
    await page.locator('.record').last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('alert')).toContainText(t('en-US', 'error.generic'));
    await expect(page.locator('.record')).toHaveCount(20);
    await page.getByRole('button', { name: t('en-US', 'coins.retry') }).click();
    await expect(page.locator('.record')).toHaveCount(40);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the next page loads with its own line at the bottom, and the pull bar at the top stays shut', async ({ page, open }) => {
    await withHost(page, { ...defaultState() });
    const loadingText = t('vi-VN', 'coins.loading');
    // The second page is held until the test has looked.
    let release: (() => void) | undefined;
    let calls = 0;
    await page.route('**/api/coins/transactions', async (route) => {
      if (++calls === 2) await new Promise<void>((resolve) => (release = resolve));
      await route.fallback();
    });
    await open('/vi-VN/k-transactions', '&dark=1&bgColor=171717');
    await expect(page.locator('.record')).toHaveCount(20);
    await page.locator('.record').last().scrollIntoViewIfNeeded();
    await expect.poll(() => release !== undefined).toBe(true);
    await expect(page.locator('.records-more')).toHaveText(loadingText);
    await expect(page.locator('.records-more')).toBeInViewport();
    await expect(page.locator('.records-pull')).not.toHaveClass(/is-shown/);
    release!();
    await expect(page.locator('.record')).toHaveCount(40);
    await expect(page.locator('.records-more')).toHaveCount(0);
  });

  test('pull to refresh at the top reloads the first page', async ({ page, signIn, open }) => {
    await signIn();
    const firstPages: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/coins/transactions') firstPages.push(Date.now());
    });
    await open('/k-transactions');
    await expect(page.locator('.records-empty p')).toHaveText(t('en-US', 'coins.noData'));
    const before = firstPages.length;
    await drag(page, 'touchstart', 100);
    await drag(page, 'touchmove', 200);
    await expect(page.locator('.records-pull')).toHaveText(t('en-US', 'coins.release'));
    await drag(page, 'touchend', 200);
    await expect.poll(() => firstPages.length).toBe(before + 1);
    await expect(page.locator('.records-empty p')).toHaveText(t('en-US', 'coins.noData'));
  });

  test('a pull that starts while records are arriving still refreshes', async ({ page, signIn, open }) => {
    await signIn();
    // The first page of records is held until the finger is down.
    let release: (() => void) | undefined;
    await page.route('**/api/coins/transactions*', async (route) => {
      if (release === undefined) await new Promise<void>((resolve) => (release = resolve));
      await route.fallback();
    });
    await open('/k-transactions');
    await expect.poll(() => release !== undefined).toBe(true);
    // The first read leaves at the paint, before the list's island runs (src/lib/api/first-reads.ts): the
    // finger goes down once the island can feel it (Astro drops `ssr` once it has hydrated).
    await expect(page.locator('astro-island[component-url*="/KTransactions."][ssr]')).toHaveCount(0);
    await drag(page, 'touchstart', 100);
    release!();
    await expect(page.locator('.records-empty p')).toHaveText(t('en-US', 'coins.noData'));
    await drag(page, 'touchmove', 200);
    await expect(page.locator('.records-pull')).toHaveText(t('en-US', 'coins.release'));
  });
});

// Outside the app (an OPPO phone's browser: no app, no NativeBridge) the page once showed grey
// placeholders for ever.
test.describe('outside the app', () => {
  test('the packages and their prices show, the balance says where to see it, and paying opens the app', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/k-recharge?status_height=24');
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) })).toBeVisible();
    await expect(page.locator('.coins-package')).not.toHaveCount(0);
    for (const price of await page.locator('.coins-price').allInnerTexts()) expect(price).toMatch(/\d/);
    await expect(page.locator('.coins-where:visible')).toHaveText(t('en-US', 'coins.balanceInApp'));
    await expect(page.locator('main .skeleton:visible')).toHaveCount(0);
    // What needs an account waits for the app, and the prompt opens this page there.
    await expect(page.getByRole('button', { name: pay })).toBeDisabled();
    const prompt = page.locator('.gate:visible');
    await expect(prompt).toContainText(t('en-US', 'shell.openInAppHint'));
    await expect(prompt.getByRole('link', { name: t('en-US', 'shell.openApp') })).toHaveAttribute('href', /^oppomusic:\/\/web\/k-recharge\b/);
    await expect(page.locator('main [data-useful]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('signed out in the app: the packages show under the sign-in prompt', async ({ page, signIn, open }) => {
    await signIn({ account: { ...defaultState().account, isLogin: false } });
    await open('/k-recharge');
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) })).toBeVisible();
    await expect(page.locator('.coins-package.skeleton')).toHaveCount(0);
    await expect(page.locator('.gate:visible').getByRole('button', { name: t('en-US', 'shell.signIn') })).toBeVisible();
    // The balance says how to see it, not a grey box for ever.
    await expect(page.locator('.coins-where:visible')).toHaveText(t('en-US', 'coins.balanceSignIn'));
    await expect(page.locator('main .skeleton:visible')).toHaveCount(0);
  });
});
