/**
 * Prices in the region's currency: the host's `dev_region` picks the region, the server
 * prices the plans and packages for it, and the order is charged at that price. Before, a user in
 * Bangkok read "CN¥12.00" and paid yuan.
 */
import { api } from '../fixtures/api';
import { expect, test } from '../fixtures/app';
import { hostCalls } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

// Each test a user of its own, paying through the dev provider.
test.use({ hostDefaults: { providerUrl: '/api/dev/provider', replyDelayMs: 50 } });

/** A user in Thailand, in Thai: the app reports the region and language it was set up with. */
const IN_THAILAND = { baseInfo: { dev_region: 'TH', language: 'th', dev_language: 'th', dev_timezone: 'Asia/Bangkok' } };

test.describe('a user in Thailand sees and pays baht', () => {
  test('/vip-center: the plans in baht, and the month bought at ฿49.00', async ({ page, uid, signIn, open }) => {
    await signIn(IN_THAILAND);
    await open('/th-TH/vip-center');
    const month = page.locator('.vip-plan[aria-pressed="true"]');
    await expect(month).toContainText(t('th-TH', 'vip.periodMonth'));
    await expect(month.locator('.vip-plan-price')).toHaveText('฿49.00');
    await expect(month.locator('.vip-plan-original')).toHaveText('฿75.00');
    for (const price of await page.locator('.vip-plan-price').allTextContents()) expect(price).toMatch(/^฿[\d,]+\.\d\d$/);
    await expect(page.locator('main')).not.toContainText('¥');

    await page.locator('a.vip-buy').click();
    await expect(page).toHaveURL(/\/channel\?.*plan=vip-month/);
    await expect(page.locator('main')).toContainText('฿49.00');
    await page.locator('button.vip-buy').click();
    await expect(page.locator('.vip-banner')).toBeVisible();
    // The cashier was asked for the server's amount, and the order is in baht.
    expect(await hostCalls(page, 'startPayWeb')).toEqual([expect.objectContaining({ amount: 49_00 })]);
    const { data } = await api(page, uid, '/api/vip/orders', {});
    expect(data.orders).toEqual([expect.objectContaining({ planId: 'vip-month', amount: 49_00, currency: 'THB', state: 'paid' })]);
    await open('/th-TH/vip-management');
    await expect(page.locator('.vip-order-amount')).toHaveText(['฿49.00']);
  });

  test('/k-recharge: the packages in baht, and 300 coins bought at ฿139.00', async ({ page, uid, signIn, open }) => {
    await signIn(IN_THAILAND);
    await open('/th-TH/k-recharge');
    await expect(page.locator('.coins-price')).toHaveText(['฿29.00', '฿139.00', '฿319.00', '฿599.00', '฿1,490.00', '฿2,990.00']);
    await page.getByRole('button', { name: pattern(t('th-TH', 'coins.coins', { coins: 300 })) }).click();
    await page.getByRole('button', { name: t('th-TH', 'coins.pay', { price: '฿139.00' }) }).click();
    await expect(page.locator('.coins-balance')).toHaveText('310');
    expect(await hostCalls(page, 'startPayWeb')).toEqual([expect.objectContaining({ amount: 139_00 })]);
    const { data } = await api(page, uid, '/api/coins/transactions', { cursor: null, limit: 10 });
    expect(data.items).toEqual([expect.objectContaining({ coins: 310, amount: 139_00, currency: 'THB', state: 'credited' })]);
  });
});
