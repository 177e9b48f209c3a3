/**
 * Purchases as one model for VIP and coins: an abandoned purchase is cancelled on the
 * server, a payment that may still arrive is never ordered twice, and membership reads the same on
 * every page (the server's word over the host's). Each of these failed on the islands before.
 */
import { defaultState } from '../../server/fake-host/state';
import { expect, test } from '../fixtures/app';
import { hostCalls } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

test.use({ hostDefaults: { providerUrl: '/api/dev/provider', replyDelayMs: 50 } });

/** The pay button's name once an amount is chosen: "Pay" and the price. */
const pay = pattern(t('en-US', 'coins.pay'), { price: /.+/ }, { whole: true });

test.describe('abandoned purchases resolve', () => {
  test('a cancelled, then abandoned membership purchase reads "Cancelled" in the order history', async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'cancel', missing: ['launchHTDialog2'] });
    await open('/vip-center');
    await open('/channel', '&plan=vip-month');
    await page.getByRole('button', { name: t('en-US', 'vip.payNow') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('en-US', 'vip.abandon') })
      .click();
    await expect(page).toHaveURL(/vip-center/);
    await open('/vip-management');
    await expect(page.locator('.vip-order-state')).toHaveText([t('en-US', 'vip.orderCancelled')]);
  });

  test('an abandoned recharge reads "Cancelled" in the records, with no support hint and nothing pending', async ({ page, signIn, open }) => {
    await signIn({ payOutcome: 'cancel', missing: ['launchHTDialog2'] });
    await open('/k-recharge');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('en-US', 'coins.abandon') })
      .click();
    await expect(page.locator('.coins-sub')).toHaveText(' ');
    await open('/k-transactions');
    await expect(page.locator('.record-state')).toHaveText([t('en-US', 'coins.stateCancelled')]);
    await expect(page.locator('.record-support')).toHaveCount(0);
  });
});

test.describe('a payment that may still arrive', () => {
  test('a recharge the server has not confirmed is never ordered a second time', async ({ page, signIn, open }) => {
    // The app says paid, but the provider's notice never reaches the server: the order stays open.
    await page.clock.install();
    await signIn({ providerUrl: undefined });
    await open('/k-recharge');
    await page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: pay }).click();
    // The page asks the server for about 30 s before it says so: time runs on while it waits, 2 s a
    // step every 100 ms (the default steps of up to a second made this the suite's slowest test).
    const notice = page.locator('.coins-notice');
    const waitFor = (text: string) =>
      expect
        .poll(async () => (await page.clock.runFor(2_000), (await notice.allTextContents()).join('')), { timeout: 30_000, intervals: [100] })
        .toContain(text);
    await waitFor(t('en-US', 'coins.pending'));
    await page.getByRole('button', { name: pay }).click();
    await waitFor(t('en-US', 'coins.pending'));
    const orders = (await hostCalls(page, 'startPayWeb')) as { orderId: string }[];
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(1);
  });
});

test.describe('membership reads the same on every page', () => {
  test("the server's membership wins over the host's on /vip-center, as on /vip-management", async ({ page, signIn, open }) => {
    // The seeded member (server/db/seed/vip.json), whose app still says "not a member".
    await signIn({}, '10002');
    await open('/vip-management');
    const days = page.locator('.vip-card .vip-state');
    const daysLeft = pattern(t('en-US', 'vip.daysLeft'), { days: /\d+/ });
    await expect(days).toContainText(daysLeft);
    const there = (await days.textContent())!.match(daysLeft)![0];
    await open('/vip-center');
    await expect(page.locator('.vip-card .vip-state')).toHaveText(there);
  });

  test("a member by the host's word but not the server's is told they are not a member", async ({ page, signIn, open }) => {
    const inMonth = Math.floor(Date.now() / 1000) + 30 * 86_400;
    await signIn({ account: { ...defaultState().account, vip: { is_vip: 1, valid_time: inMonth }, vipType: 1, is_member: 1 } });
    await open('/vip-center');
    await expect(page.locator('.vip-card .vip-state')).toHaveText(t('en-US', 'vip.notMember'));
  });
});
