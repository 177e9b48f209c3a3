import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../../tests/fixtures/api-server';
import { currencyOf, DEFAULT_CURRENCY } from './prices';

// Each test uses its own user. The server's clock stands still, so limited-time prices stay on offer.
const CLOCK = Date.UTC(2026, 10, 1, 12);
const api = useApiServer('prices-', { now: () => CLOCK });
const { call, dev } = api;

const seed = (name: string) => JSON.parse(readFileSync(`server/db/seed/${name}`, 'utf8'));
const prices = seed('prices.json') as {
  plans: Record<string, Record<string, [number, number]>>;
  coinPackages: Record<string, Record<string, number>>;
  centsPerCoin: Record<string, number>;
};
const CURRENCIES = ['CNY', 'HKD', 'TWD', 'IDR', 'MYR', 'PHP', 'VND', 'THB', 'USD'];

/** A monthly VIP and the smallest coin package in each region: what a user there reads on /vip-center and /k-recharge. */
const REGIONS: [region: string, currency: string, vipMonth: number, coins60: number][] = [
  ['CN', 'CNY', 12_00, 6_00],
  ['HK', 'HKD', 18_00, 7_00],
  ['TW', 'TWD', 75_00, 30_00],
  ['ID', 'IDR', 19_000_00, 12_000_00],
  ['MY', 'MYR', 9_90, 3_90],
  ['PH', 'PHP', 75_00, 49_00],
  ['VN', 'VND', 49_000_00, 22_000_00],
  ['TH', 'THB', 49_00, 29_00],
  ['SG', 'USD', 1_99, 99],
  ['JP', 'USD', 1_99, 99],
];

describe("prices in the region's currency", () => {
  it.each(REGIONS)('prices every plan and coin package in %s in %s', async (region, currency, vipMonth, coins60) => {
    const plans = (await call('/api/vip/plans', { region }, 'prices-list')).body.data;
    expect(plans.paymentAvailable).toBe(true);
    expect(plans.plans).toHaveLength(10);
    expect(plans.plans.every((p: { currency: string }) => p.currency === currency)).toBe(true);
    expect(plans.plans.find((p: { id: string }) => p.id === 'vip-month').price).toBe(vipMonth);
    const coins = (await call('/api/coins/packages', { region }, 'prices-list')).body.data;
    expect(coins.packages).toHaveLength(6);
    expect(coins.packages.every((p: { currency: string }) => p.currency === currency)).toBe(true);
    expect(coins.packages[0]).toMatchObject({ id: 'coins-60', price: coins60 });
    expect(coins.custom).toEqual({ min: 10, max: 50_000, centsPerCoin: prices.centsPerCoin[currency], currency });
  });

  it('reads the region as payment does: trimmed, any case; no region at all is priced in the default and refused at the till', async () => {
    expect(currencyOf(' th ')).toBe('THB');
    expect(currencyOf('Vn')).toBe('VND');
    for (const notARegion of ['', 'THA', 'T H', 'ZZ', 'constructor', '__proto__']) expect(currencyOf(notARegion)).toBe(DEFAULT_CURRENCY);
    const blocked = (await call('/api/vip/plans', { region: 'XX' }, 'prices-list')).body.data;
    expect(blocked.paymentAvailable).toBe(false);
    expect(blocked.plans[0].currency).toBe('USD');
  });

  it('has a price for every plan and package in every currency, CNY as the catalogue always sold them', () => {
    const cny = [...seed('catalogue.json').plans, ...seed('svip-plans.json').plans];
    expect(Object.keys(prices.plans).sort()).toEqual(cny.map((p: { id: string }) => p.id).sort());
    for (const p of cny) expect(prices.plans[p.id]!.CNY).toEqual([p.price, p.original]);
    for (const p of seed('catalogue.json').coinPackages) expect(prices.coinPackages[p.id]!.CNY).toBe(p.price);
    for (const table of [prices.plans, prices.coinPackages, { rate: prices.centsPerCoin }]) {
      for (const byCurrency of Object.values(table)) expect(Object.keys(byCurrency).sort()).toEqual([...CURRENCIES].sort());
    }
  });

  it('asks whole rupiah and dong (they have no coins below the unit), and never more for a package than for its coins one by one', () => {
    const all = [
      ...Object.values(prices.plans).flatMap((p) =>
        Object.entries(p).flatMap(
          ([c, [a, b]]) =>
            [
              [c, a],
              [c, b],
            ] as const,
        ),
      ),
    ];
    all.push(...Object.values(prices.coinPackages).flatMap((p) => Object.entries(p)));
    all.push(...Object.entries(prices.centsPerCoin));
    for (const [currency, amount] of all) {
      expect(Number.isInteger(amount) && amount > 0).toBe(true);
      if (currency === 'IDR' || currency === 'VND') expect(amount % 100, `${currency} ${amount}`).toBe(0);
    }
    const coins = Object.fromEntries(seed('catalogue.json').coinPackages.map((p: { id: string; coins: number }) => [p.id, p.coins]));
    for (const [id, byCurrency] of Object.entries(prices.coinPackages)) {
      for (const [currency, price] of Object.entries(byCurrency))
        expect(price, `${id} ${currency}`).toBeLessThanOrEqual(coins[id] * prices.centsPerCoin[currency]!);
    }
  });
});

describe('orders at the server price, whatever the body says', () => {
  // The page sends a plan or a package and the host's region; an amount or a currency it adds is
  // no part of the request's schema, and the order is made at the catalogue's price for the region.
  const forged = { price: 1, amount: 1, original: 1, currency: 'VND', centsPerCoin: 1 };

  it('charges a VIP order in baht at the catalogue price for a user in Thailand, not the price or currency the body claims', async () => {
    const reply = await call('/api/vip/order', { planId: 'vip-month', payType: '1', region: 'TH', attempt: randomUUID(), ...forged }, 'prices-vip');
    expect(reply.status).toBe(200);
    expect(reply.body.data.order).toMatchObject({ planId: 'vip-month', amount: 49_00, currency: 'THB', state: 'created' });
    await dev('/api/dev/provider', { orderId: reply.body.data.order.orderId, outcome: 'paid' });
    const orders = (await call('/api/vip/orders', {}, 'prices-vip')).body.data.orders;
    expect(orders).toEqual([expect.objectContaining({ amount: 49_00, currency: 'THB', state: 'paid' })]);
  });

  it('charges a coin package and a custom amount in rupiah for a user in Indonesia, whatever the body claims', async () => {
    const pack = await call('/api/coins/order', { packageId: 'coins-300', payType: '1', region: 'ID', attempt: randomUUID(), ...forged }, 'prices-coins');
    expect(pack.body.data.order).toMatchObject({ coins: 300, bonus: 10, amount: 59_000_00, currency: 'IDR' });
    const custom = await call('/api/coins/order', { coins: 25, payType: '1', region: 'ID', attempt: randomUUID(), ...forged }, 'prices-coins');
    expect(custom.body.data.order).toMatchObject({ coins: 25, amount: 25 * 200_00, currency: 'IDR' });
    const records = (await call('/api/coins/transactions', { cursor: null, limit: 10 }, 'prices-coins')).body.data.items;
    // Both made at the same (stopped) clock: in either order.
    expect(records.map((r: { amount: number; currency: string }) => `${r.amount} ${r.currency}`).sort()).toEqual(['500000 IDR', '5900000 IDR']);
  });

  it('keeps the order a retry finds in the currency it was made in: the same attempt from another region changes nothing', async () => {
    const attempt = randomUUID();
    const first = await call('/api/vip/order', { planId: 'vip-year', payType: '1', region: 'TH', attempt }, 'prices-retry');
    const again = await call('/api/vip/order', { planId: 'vip-year', payType: '1', region: 'VN', attempt }, 'prices-retry');
    expect(again.body.data.order).toEqual(first.body.data.order);
    expect(first.body.data.order).toMatchObject({ amount: 490_00, currency: 'THB' });
  });

  it('refuses a region without payment, whatever price the body names', async () => {
    const reply = await call('/api/vip/order', { planId: 'vip-month', payType: '1', region: 'IR', attempt: randomUUID(), ...forged }, 'prices-blocked');
    expect(reply).toMatchObject({ status: 403, body: { code: 'payRegion' } });
    const coins = await call('/api/coins/order', { coins: 100, payType: '1', region: 'KP', attempt: randomUUID(), ...forged }, 'prices-blocked');
    expect(coins).toMatchObject({ status: 403, body: { code: 'payRegion' } });
  });

  it('renews at the amount and in the currency agreed at subscription, and switching it back on keeps them', async () => {
    const uid = 'prices-renew';
    const created = await call('/api/vip/order', { planId: 'vip-month-auto', payType: '1', region: 'PH', attempt: randomUUID() }, uid);
    expect(created.body.data.order).toMatchObject({ amount: 59_00, currency: 'PHP' });
    await dev('/api/dev/provider', { orderId: created.body.data.order.orderId, outcome: 'paid' });
    const agreed = { planId: 'vip-month-auto', on: true, amount: 59_00, currency: 'PHP' };
    expect((await call('/api/vip/status', {}, uid)).body.data.renewals).toEqual([expect.objectContaining(agreed)]);
    await call('/api/vip/renewal', { planId: 'vip-month-auto', on: false }, uid);
    const back = await call('/api/vip/renewal', { planId: 'vip-month-auto', on: true, region: 'VN', amount: 1, currency: 'VND' }, uid);
    expect(back.body.data.renewals).toEqual([expect.objectContaining(agreed)]);
    // The time runs out and the provider charges: the contract's pesos, not another region's price.
    api.db.prepare('UPDATE memberships SET expires_at = ? WHERE uid = ?').run(Math.floor(CLOCK / 1000) - 1, uid);
    const charged = (await dev('/api/dev/renewals', { uid, outcome: 'paid' })).body.data.order;
    expect(charged).toMatchObject({ amount: 59_00, currency: 'PHP', state: 'paid' });
    const orders = (await call('/api/vip/orders', {}, uid)).body.data.orders;
    expect(orders.map((o: { planId: string; amount: number; currency: string }) => [o.planId, o.amount, o.currency])).toEqual([
      ['vip-month-auto', 59_00, 'PHP'],
      ['vip-month-auto', 59_00, 'PHP'],
    ]);
  });
});
