import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { installFakeHost } from '../fake-host';
import { MIGRATIONS } from '../db/migrations';
import { DEMO_UID, SEEDS } from '../db/seed';
import { useApiServer, type Reply } from '../../tests/fixtures/api-server';

// Each test uses its own user, so tests do not see each other's orders; only the paging test reads
// the default user, and nothing here writes to it.
// The server's clock, seeding included, stands still: a record's time is compared with it exactly,
// however long the file's earlier tests took (the seeded times against the wall clock within 3 s failed
// on a busy machine, 5 and 6 s apart).
const CLOCK = Date.UTC(2026, 10, 1, 12);
const api = useApiServer('coins-', { now: () => CLOCK });
const { call, dev } = api;
type Order = {
  orderId: string;
  packageId: string | null;
  coins: number;
  bonus: number;
  amount: number;
  currency: string;
  state: string;
  createdAt: number;
  paidAt: number | null;
};
type Entry = { id: string; kind: string; coins: number; amount: number | null; currency: string | null; state: string; note: string | null; createdAt: number };

/** The payment provider's notification, as the dev route takes it. */
const notify = (orderId: string, outcome: string) => dev('/api/dev/provider', { orderId, outcome });
const createOrder = (uid: string, item: { packageId?: string; coins?: number }, region = 'CN', attempt = randomUUID()) =>
  call('/api/coins/order', { ...item, payType: '1', region, attempt }, uid);
const order = async (uid: string, item: { packageId?: string; coins?: number } = { packageId: 'coins-300' }) => {
  const reply = await createOrder(uid, item);
  expect(reply.status).toBe(200);
  return reply.body.data.order as Order;
};
const balance = async (uid: string) => (await call('/api/coins/balance', {}, uid)).body.data as { balance: number; pending: number };
const orderStatus = (uid: string, orderId: string) => call('/api/coins/order/status', { orderId }, uid);
const page = (uid: string, cursor: string | null, limit = 20) => call('/api/coins/transactions', { cursor, limit }, uid);
const records = async (uid: string) => (await page(uid, null, 50)).body.data.items as Entry[];
const count = (sql: string, ...params: string[]) => Number(api.db.prepare(sql).get(...params)!.n);
/** The sum of the user's credited records, straight from the table: what the balance must equal. */
const creditedSum = (uid: string) => count("SELECT COALESCE(SUM(coins), 0) AS n FROM coin_transactions WHERE uid = ? AND state = 'credited'", uid);
const nowSec = () => Math.floor(CLOCK / 1000);

describe('balance', () => {
  it("opens the default user's balance at the sum of its credited records, with its pending recharge", async () => {
    expect(await balance(DEMO_UID)).toEqual({ balance: 6870, pending: 300 });
    expect(creditedSum(DEMO_UID)).toBe(6870);
  });

  it('starts a new user at 0 with no records', async () => {
    expect(await balance('new-1')).toEqual({ balance: 0, pending: 0 });
    const { status, body } = await page('new-1', null);
    expect(status).toBe(200);
    expect(body.data).toEqual({ items: [], next: null });
  });

  it('is set outright by the development route, which refuses anything but { uid, balance }', async () => {
    expect(await dev('/api/dev/coins', { uid: 'dev-1', balance: 4321 })).toEqual({ status: 200, body: { code: 0, data: { uid: 'dev-1', balance: 4321 } } });
    expect(await balance('dev-1')).toEqual({ balance: 4321, pending: 0 });
    expect((await dev('/api/dev/coins', { uid: 'dev-1', balance: 0 })).body.data.balance).toBe(0);
    expect(await balance('dev-1')).toEqual({ balance: 0, pending: 0 });
    for (const bad of [
      { uid: 'dev-1', balance: -1 },
      { uid: 'dev-1', balance: 1.5 },
      { uid: 'dev-1', balance: '10' },
      { uid: '', balance: 10 },
      { balance: 10 },
      { uid: 'dev-1' },
    ]) {
      expect(await dev('/api/dev/coins', bad)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    }
    const response = await fetch(`${api.base}/api/dev/coins`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(response.status).toBe(422);
    expect(await balance('dev-1')).toEqual({ balance: 0, pending: 0 });
  });
});

describe('packages', () => {
  it('lists every package in catalogue order with the custom-amount limits, payable in an open region', async () => {
    const { status, body } = await call('/api/coins/packages', { region: 'CN' }, 'packages-1');
    expect(status).toBe(200);
    expect(body.data.paymentAvailable).toBe(true);
    expect(body.data.packages.map((p: { id: string }) => p.id)).toEqual(['coins-60', 'coins-300', 'coins-680', 'coins-1280', 'coins-3280', 'coins-6480']);
    expect(body.data.packages[1]).toEqual({ id: 'coins-300', coins: 300, bonus: 10, price: 3000, currency: 'CNY' });
    expect(body.data.custom).toEqual({ min: 10, max: 50000, centsPerCoin: 10, currency: 'CNY' });
  });

  it.each(['XX', 'xx', 'IR', 'kp', ' CU '])('says payment is unavailable in blocked region %j, and still lists the packages', async (region) => {
    const { body } = await call('/api/coins/packages', { region }, 'packages-2');
    expect(body.data.paymentAvailable).toBe(false);
    expect(body.data.packages).toHaveLength(6);
  });
});

describe('orders', () => {
  it('creates an order for a package, with a pending record for its coins and bonus', async () => {
    const created = await order('order-1', { packageId: 'coins-680' });
    expect(created).toMatchObject({ packageId: 'coins-680', coins: 680, bonus: 30, amount: 6800, currency: 'CNY', state: 'created', paidAt: null });
    expect(created.orderId).toMatch(/^c-[\w-]+$/);
    expect(created.createdAt).toBe(nowSec());
    expect(await balance('order-1')).toEqual({ balance: 0, pending: 710 });
    const [record, ...rest] = await records('order-1');
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ kind: 'recharge', coins: 710, amount: 6800, currency: 'CNY', state: 'pending', note: null });
    expect(record!.createdAt).toBe(nowSec());
  });

  it('creates an order for a custom amount at 10 cents a coin, no bonus, at both limits', async () => {
    expect(await order('order-2', { coins: 25 })).toMatchObject({ packageId: null, coins: 25, bonus: 0, amount: 250, currency: 'CNY', state: 'created' });
    expect(await order('order-2', { coins: 10 })).toMatchObject({ coins: 10, amount: 100 });
    expect(await order('order-2', { coins: 50000 })).toMatchObject({ coins: 50000, amount: 500000 });
    expect(await balance('order-2')).toEqual({ balance: 0, pending: 50035 });
  });

  it('creates one order per attempt: a double tap and a retry return the same order and one record', async () => {
    const attempt = randomUUID();
    const send = () => createOrder('order-3', { packageId: 'coins-60' }, 'SG', attempt);
    const [first, tap] = await Promise.all([send(), send()]);
    const retry = await send();
    expect(first.status).toBe(200);
    expect(tap.body.data.order).toEqual(first.body.data.order);
    expect(retry.body.data.order).toEqual(first.body.data.order);
    // The same attempt with another item still answers the first order, unchanged.
    expect((await createOrder('order-3', { coins: 99 }, 'SG', attempt)).body.data.order).toEqual(first.body.data.order);
    expect(count("SELECT COUNT(*) AS n FROM coin_orders WHERE uid = 'order-3'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM coin_transactions WHERE uid = 'order-3'")).toBe(1);
    expect(await balance('order-3')).toEqual({ balance: 0, pending: 60 });
  });

  it('keys attempts per user: the same attempt from two users makes two orders', async () => {
    const attempt = randomUUID();
    const a = await createOrder('order-4a', { packageId: 'coins-60' }, 'SG', attempt);
    const b = await createOrder('order-4b', { packageId: 'coins-60' }, 'SG', attempt);
    expect(a.body.data.order.orderId).not.toBe(b.body.data.order.orderId);
  });

  it.each([
    ['both a package and coins', { packageId: 'coins-60', coins: 100 }],
    ['neither a package nor coins', {}],
    ['an unknown package', { packageId: 'coins-999' }],
    ['fewer coins than the minimum', { coins: 9 }],
    ['more coins than the maximum', { coins: 50001 }],
    ['a fractional amount', { coins: 10.5 }],
    ['zero coins', { coins: 0 }],
  ])('refuses %s with badRequest 422 and creates nothing', async (_, item) => {
    const uid = `order-5-${randomUUID()}`;
    expect(await createOrder(uid, item)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    expect(count('SELECT COUNT(*) AS n FROM coin_orders WHERE uid = ?', uid)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM coin_transactions WHERE uid = ?', uid)).toBe(0);
  });

  it.each([{ packageId: 'coins-60' }, { coins: 100 }])('refuses a blocked region with payRegion 403 and creates nothing (%j)', async (item) => {
    const { status, body } = await createOrder('order-6', item, 'xx');
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'payRegion', message: 'Payments are not available in your country/region.' });
    expect(count("SELECT COUNT(*) AS n FROM coin_orders WHERE uid = 'order-6'")).toBe(0);
    expect(await records('order-6')).toEqual([]);
  });

  it("answers the user's own order with the balance, and another user's or an unknown one as notFound 404", async () => {
    await dev('/api/dev/coins', { uid: 'order-7', balance: 55 });
    const mine = await order('order-7');
    expect(await orderStatus('order-7', mine.orderId)).toEqual({ status: 200, body: { code: 0, data: { order: mine, balance: 55 } } });
    expect(await orderStatus('order-7-other', mine.orderId)).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect(await orderStatus('order-7', 'c-nothing')).toMatchObject({ status: 404, body: { code: 'notFound' } });
  });
});

describe('the payment provider notification', () => {
  it('credits a paid order: coins and bonus added to the balance, record credited, all at once', async () => {
    await dev('/api/dev/coins', { uid: 'pay-1', balance: 100 });
    const created = await order('pay-1', { packageId: 'coins-1280' });
    expect(await balance('pay-1')).toEqual({ balance: 100, pending: 1360 });
    expect(await notify(created.orderId, 'paid')).toEqual({ status: 200, body: { code: 0, data: { orderId: created.orderId, state: 'paid' } } });
    const { body } = await orderStatus('pay-1', created.orderId);
    expect(body.data.order).toMatchObject({ state: 'paid', coins: 1280, bonus: 80 });
    expect(body.data.order.paidAt).toBe(nowSec());
    expect(body.data.balance).toBe(100 + 1280 + 80);
    expect(await balance('pay-1')).toEqual({ balance: 1460, pending: 0 });
    expect((await records('pay-1')).map((r) => [r.kind, r.coins, r.state])).toEqual([['recharge', 1360, 'credited']]);
  });

  it('keeps the balance equal to the sum of credited records through paid, failed and cancelled orders', async () => {
    const uid = 'pay-2';
    const outcomes = ['paid', 'failed', 'paid', 'cancelled', 'paid'] as const;
    for (const [i, outcome] of outcomes.entries()) {
      const created = await order(uid, i % 2 ? { coins: 10 * (i + 1) } : { packageId: 'coins-300' });
      await notify(created.orderId, outcome);
      expect((await balance(uid)).balance).toBe(creditedSum(uid));
    }
    const open = await order(uid, { coins: 77 });
    expect(await balance(uid)).toEqual({ balance: 3 * 310, pending: 77 });
    expect(creditedSum(uid)).toBe(930);
    // The cancelled order's record says so, and counts for nothing.
    expect((await records(uid)).map((r) => r.state).sort()).toEqual(['cancelled', 'credited', 'credited', 'credited', 'failed', 'pending']);
    expect(open.state).toBe('created');
  });

  it('ignores a second notice for the same order: no double credit, no change of outcome', async () => {
    const created = await order('pay-3', { packageId: 'coins-60' });
    await notify(created.orderId, 'paid');
    const once = await balance('pay-3');
    expect(once).toEqual({ balance: 60, pending: 0 });
    for (const outcome of ['paid', 'failed', 'cancelled']) {
      expect((await notify(created.orderId, outcome)).body.data).toEqual({ orderId: created.orderId, state: 'paid' });
    }
    expect(await balance('pay-3')).toEqual(once);
    expect((await records('pay-3')).map((r) => r.state)).toEqual(['credited']);
  });

  it('records a failed payment as failed, credits nothing, even if paid arrives later', async () => {
    const created = await order('pay-4', { coins: 500 });
    expect((await notify(created.orderId, 'failed')).body.data.state).toBe('failed');
    await notify(created.orderId, 'paid');
    expect((await orderStatus('pay-4', created.orderId)).body.data).toMatchObject({ order: { state: 'failed', paidAt: null }, balance: 0 });
    expect(await balance('pay-4')).toEqual({ balance: 0, pending: 0 });
    expect((await records('pay-4')).map((r) => [r.coins, r.state])).toEqual([[500, 'failed']]);
  });

  it('records a payment the provider cancelled as cancelled, credits nothing, even if paid arrives later', async () => {
    const created = await order('pay-5', { coins: 500 });
    expect((await notify(created.orderId, 'cancelled')).body.data.state).toBe('cancelled');
    await notify(created.orderId, 'paid');
    expect((await orderStatus('pay-5', created.orderId)).body.data).toMatchObject({ order: { state: 'cancelled', paidAt: null }, balance: 0 });
    expect(await balance('pay-5')).toEqual({ balance: 0, pending: 0 });
    expect((await records('pay-5')).map((r) => [r.coins, r.state])).toEqual([[500, 'cancelled']]);
  });

  it('refuses an unknown coin order with 404', async () => {
    expect(await notify('c-nothing', 'paid')).toMatchObject({ status: 404, body: { code: 'notFound' } });
  });

  it('is notified by the fake host before the app hears onPayCallback', async () => {
    const created = await order('pay-6', { packageId: 'coins-300' });
    const win = {} as Record<string, unknown>;
    const host = installFakeHost(win as unknown as Window, { providerUrl: `${api.base}/api/dev/provider` });
    try {
      const answered = new Promise<string>((resolve) => (win.onPayCallback = resolve));
      (win.NativeBridge as Record<string, (json: string) => void>).startPayWeb!(
        JSON.stringify({ orderId: created.orderId, productId: 'coins-300', payType: '1', amount: 3000 }),
      );
      expect(JSON.parse(await answered)).toEqual({ status: 'success', orderId: created.orderId });
      // By the time the app learns the result, the server has credited the coins.
      expect((await orderStatus('pay-6', created.orderId)).body.data).toMatchObject({ order: { state: 'paid' }, balance: 310 });
    } finally {
      host.uninstall();
    }
  });
});

describe('records', () => {
  it("pages through all of the default user's records, newest first, without duplicates, times in seconds", async () => {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body }: Reply = await page(DEMO_UID, cursor, 7);
      expect(status).toBe(200);
      expect(body.data.items.length).toBeLessThanOrEqual(7);
      seen.push(...body.data.items);
      cursor = body.data.next;
      pages += 1;
      expect(pages).toBeLessThan(20);
    } while (cursor !== null);
    const total = count('SELECT COUNT(*) AS n FROM coin_transactions WHERE uid = ?', DEMO_UID);
    expect(total).toBe(45);
    expect(pages).toBe(Math.ceil(total / 7));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const times = seen.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest is the pending recharge of 40 minutes ago; the oldest about five months back.
    expect(seen[0]).toMatchObject({ id: 't-pending', kind: 'recharge', coins: 300, amount: 3000, currency: 'CNY', state: 'pending' });
    expect(seen[0]!.createdAt).toBe(nowSec() - 40 * 60);
    expect(seen.at(-1)!.createdAt).toBe(nowSec() - 44 * 83 * 3600);
    expect(seen.find((r) => r.kind === 'spend')).toMatchObject({
      amount: null,
      currency: null,
      state: 'credited',
      note: expect.stringMatching(/^(song|gift)$/),
    });
    expect(seen.every((r) => r.kind !== 'spend' || r.coins < 0)).toBe(true);
  });

  it('ends with next null when the last page is exactly full', async () => {
    const first = await page(DEMO_UID, null, 44);
    expect(first.body.data.items).toHaveLength(44);
    const last = await page(DEMO_UID, first.body.data.next, 1);
    expect(last.body.data.items).toHaveLength(1);
    expect(last.body.data.next).toBeNull();
    expect((await page(DEMO_UID, null, 45)).body.data.next).toBeNull();
  });

  it('breaks ties of the same millisecond by id, so paging one at a time loses none', async () => {
    const at = CLOCK - 1000;
    const insert = api.db.prepare(
      `INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
       VALUES (?, 'ties-1', 'spend', -10, NULL, NULL, 'credited', 'song', ?)`,
    );
    for (const id of ['t-b', 't-a', 't-c']) insert.run(id, at);
    insert.run('t-older', at - 1);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: Reply = await page('ties-1', cursor, 1);
      ids.push(...body.data.items.map((r: Entry) => r.id));
      cursor = body.data.next;
    } while (cursor !== null);
    expect(ids).toEqual(['t-c', 't-b', 't-a', 't-older']);
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['empty', ''],
    ['base64url of something else', Buffer.from('hello').toString('base64url')],
    ['a time that is not a number', Buffer.from('soon:t-1').toString('base64url')],
    ['no id', Buffer.from('1700000000000:').toString('base64url')],
    ['padded', `${Buffer.from('1700000000000:t-1').toString('base64url')}=`],
  ])('refuses a malformed cursor (%s) with badRequest 422', async (_, cursor) => {
    expect(await page(DEMO_UID, cursor)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
  });

  it('refuses a limit outside 1–50 and a cursor over 80 characters', async () => {
    for (const limit of [0, 51, 2.5]) expect((await page(DEMO_UID, null, limit)).status).toBe(422);
    expect((await page(DEMO_UID, 'A'.repeat(81))).status).toBe(422);
  });
});

describe('opening balances (migration 4)', () => {
  it('lifts a user whose credited records sum below zero to 0 with an opening refund before the oldest record', () => {
    const scratch = new DatabaseSync(':memory:');
    try {
      const apply = (version: number) => {
        scratch.exec(MIGRATIONS.find((m) => m.version === version)!.sql);
        SEEDS[version]?.catalogue?.(scratch, Date.now());
        SEEDS[version]?.demo?.(scratch, Date.now());
      };
      [1, 2, 3].forEach(apply);
      const insert = scratch.prepare(
        `INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
         VALUES (?, 'in-debt', ?, ?, NULL, NULL, ?, NULL, ?)`,
      );
      insert.run('d-1', 'spend', -50, 'credited', 5_000);
      insert.run('d-2', 'recharge', 20, 'credited', 6_000);
      insert.run('d-3', 'recharge', 1000, 'failed', 7_000);
      apply(4);
      const balanceOf = (uid: string) => scratch.prepare('SELECT balance FROM coin_balances WHERE uid = ?').get(uid)?.balance;
      expect(balanceOf('in-debt')).toBe(0);
      expect(scratch.prepare("SELECT * FROM coin_transactions WHERE uid = 'in-debt' AND note = 'opening'").all()).toEqual([
        {
          id: 't-opening-in-debt',
          uid: 'in-debt',
          kind: 'refund',
          coins: 30,
          price_cents: null,
          currency: null,
          state: 'credited',
          note: 'opening',
          created_at: 4_999,
        },
      ]);
      // The default user's records sum above zero: no opening record, balance = the sum.
      expect(balanceOf(DEMO_UID)).toBe(6870);
      expect(scratch.prepare("SELECT COUNT(*) AS n FROM coin_transactions WHERE note = 'opening' AND uid = ?").get(DEMO_UID)).toEqual({ n: 0 });
    } finally {
      scratch.close();
    }
  });
});

describe('abandon (issue 15)', () => {
  const cancel = (uid: string, orderId: string) => call('/api/coins/order/cancel', { orderId }, uid);

  it('cancels a created order: the record reads cancelled, nothing is pending, and the same attempt answers the cancelled order', async () => {
    const attempt = randomUUID();
    const created = (await createOrder('abandon-1', { packageId: 'coins-300' }, 'SG', attempt)).body.data.order as Order;
    expect(await balance('abandon-1')).toEqual({ balance: 0, pending: 310 });
    const reply = await cancel('abandon-1', created.orderId);
    expect(reply.body.data.order).toMatchObject({ orderId: created.orderId, state: 'cancelled' });
    expect(await balance('abandon-1')).toEqual({ balance: 0, pending: 0 });
    expect((await records('abandon-1')).map((r) => [r.coins, r.state])).toEqual([[310, 'cancelled']]);
    expect((await createOrder('abandon-1', { packageId: 'coins-300' }, 'SG', attempt)).body.data.order).toMatchObject({
      orderId: created.orderId,
      state: 'cancelled',
    });
  });

  it('honours a payment the provider reports after the user abandoned: the money arrived', async () => {
    const created = await order('abandon-2', { coins: 100 });
    await cancel('abandon-2', created.orderId);
    expect((await notify(created.orderId, 'paid')).body.data.state).toBe('paid');
    expect(await balance('abandon-2')).toEqual({ balance: 100, pending: 0 });
    expect((await records('abandon-2')).map((r) => r.state)).toEqual(['credited']);
    // …once: the provider retrying changes nothing.
    await notify(created.orderId, 'paid');
    expect((await balance('abandon-2')).balance).toBe(100);
  });

  it('leaves a paid or failed order as it is', async () => {
    for (const outcome of ['paid', 'failed'] as const) {
      const created = await order('abandon-3', { coins: 50 });
      await notify(created.orderId, outcome);
      expect((await cancel('abandon-3', created.orderId)).body.data.order.state).toBe(outcome);
    }
    expect((await balance('abandon-3')).balance).toBe(50);
  });

  it("attack: another user cannot cancel someone's recharge, nor learn it exists", async () => {
    const created = await order('abandon-victim', { coins: 70 });
    expect(await cancel('abandon-thief', created.orderId)).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect(await cancel('abandon-thief', 'c-nothing')).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect((await orderStatus('abandon-victim', created.orderId)).body.data.order.state).toBe('created');
  });
});

describe('cancelled records (migration 14)', () => {
  it('rebuilds the records table without losing a record or the link of any order to its record', () => {
    const scratch = new DatabaseSync(':memory:');
    try {
      scratch.exec('PRAGMA foreign_keys = ON');
      const apply = (version: number) => {
        scratch.exec(MIGRATIONS.find((m) => m.version === version)!.sql);
        SEEDS[version]?.catalogue?.(scratch, Date.now());
        SEEDS[version]?.demo?.(scratch, Date.now());
      };
      for (const m of MIGRATIONS) if (m.version < 14) apply(m.version);
      scratch.exec(`INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
        VALUES ('t-link', 'mig', 'recharge', 60, 99, 'USD', 'pending', NULL, 1000);
        INSERT INTO coin_orders (order_id, uid, attempt, package_id, coins, bonus, amount, currency, pay_type, state, created_at, transaction_id)
        VALUES ('c-link', 'mig', 'a-link', NULL, 60, 0, 99, 'USD', '1', 'created', 1, 't-link');`);
      const before = scratch.prepare('SELECT COUNT(*) AS n FROM coin_transactions').get()!.n;
      apply(14);
      expect(scratch.prepare('SELECT COUNT(*) AS n FROM coin_transactions').get()!.n).toBe(before);
      expect(scratch.prepare("SELECT transaction_id FROM coin_orders WHERE order_id = 'c-link'").get()).toEqual({ transaction_id: 't-link' });
      scratch.exec("UPDATE coin_transactions SET state = 'cancelled' WHERE id = 't-link'");
      expect(() => scratch.exec("UPDATE coin_transactions SET state = 'lost' WHERE id = 't-link'")).toThrow(/CHECK/);
    } finally {
      scratch.close();
    }
  });
});
