import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { installFakeHost } from '../fake-host';
import { schemaVersion } from '../db';
import { DEMO_UID } from '../db/seed';
import { DAY } from '../time';
import { useApiServer } from '../../tests/fixtures/api-server';
import en from '../../src/shared/messages/en-US.json';

// Each test uses its own user, so tests do not see each other's orders. The server's clock, seeding
// included, stands still: times are compared with it exactly, however busy the machine.
const CLOCK = Date.UTC(2026, 10, 1, 12);
const api = useApiServer('vip-', { now: () => CLOCK });
const { call, dev } = api;

/** The payment provider's notification, as the dev route takes it. */
const notify = (orderId: string, outcome: string) => dev('/api/dev/provider', { orderId, outcome });
const order = async (uid: string, planId = 'vip-month', attempt = randomUUID()) =>
  (await call('/api/vip/order', { planId, payType: '1', region: 'CN', attempt }, uid)).body.data.order as { orderId: string; state: string };
const status = async (uid: string) => (await call('/api/vip/status', {}, uid)).body.data;
const orderStatus = (uid: string, orderId: string) => call('/api/vip/order/status', { orderId }, uid);
const nowSec = () => Math.floor(CLOCK / 1000);
/** Runs `act` and expects `value` to be `offset` seconds after the server's clock at the time (1 s of slack each side). */
async function expectAfter<T>(act: () => Promise<T>, value: (result: T) => number, offset: number) {
  const before = nowSec();
  const result = await act();
  const after = nowSec();
  expect(value(result)).toBeGreaterThanOrEqual(before + offset);
  expect(value(result)).toBeLessThanOrEqual(after + offset + 1);
  return result;
}

describe('plans', () => {
  it('lists every plan in catalogue order, payable in an open region', async () => {
    const { status: code, body } = await call('/api/vip/plans', { region: 'CN' }, 'plans-1');
    expect(code).toBe(200);
    expect(body.data.paymentAvailable).toBe(true);
    // Both tiers by the day, month, quarter and year (spec §6), each with its auto-renewing month.
    expect(body.data.plans.map((p: { id: string }) => p.id)).toEqual([
      'vip-day',
      'vip-month',
      'vip-month-auto',
      'vip-quarter',
      'vip-year',
      'svip-day',
      'svip-month',
      'svip-month-auto',
      'svip-quarter',
      'svip-year',
    ]);
    const svip = body.data.plans.filter((p: { tier: string }) => p.tier === 'svip');
    for (const p of svip.filter((p: { autoRenew: boolean }) => !p.autoRenew)) {
      expect(p.original).toBeGreaterThan(p.price);
      expect(p.offerEndsAt).toBeGreaterThan(nowSec());
    }
    expect(body.data.plans[2]).toEqual({
      id: 'vip-month-auto',
      tier: 'vip',
      period: 'month',
      days: 31,
      price: 990,
      original: 1800,
      currency: 'CNY',
      autoRenew: true,
      offerEndsAt: null,
    });
  });

  it('says when a limited-time price ends: 30 days after the catalogue was made', async () => {
    const { body } = await call('/api/vip/plans', { region: 'CN' }, 'plans-1');
    const month = body.data.plans.find((p: { id: string }) => p.id === 'vip-month');
    expect(month).toMatchObject({ price: 1200, original: 1800 });
    expect(month.offerEndsAt).toBeGreaterThan(nowSec() + 29 * DAY);
    expect(month.offerEndsAt).toBeLessThanOrEqual(nowSec() + 30 * DAY);
  });

  it('is answered without a session, and the answer is the same for everyone (nothing of a user in it)', async () => {
    const anonymous = await api.callAs('/api/vip/plans', { region: 'CN' }, { uid: '', app_sessionid: '' });
    expect(anonymous.status).toBe(200);
    const member = await call('/api/vip/plans', { region: 'CN' }, DEMO_UID);
    expect(anonymous.body.data).toEqual(member.body.data);
    expect(Object.keys(anonymous.body.data).sort()).toEqual(['paymentAvailable', 'plans']);
  });

  it.each(['XX', 'xx', 'IR', 'kp', ' CU '])('says payment is unavailable in blocked region %j, and still lists the plans', async (region) => {
    const { body } = await call('/api/vip/plans', { region }, 'plans-2');
    expect(body.data.paymentAvailable).toBe(false);
    expect(body.data.plans).toHaveLength(10);
  });
});

describe('membership status', () => {
  it('reads "not activated" for the default user: no membership, no renewals', async () => {
    expect(await status(DEMO_UID)).toEqual({ membership: { tier: 'none', expiresAt: null, svipUntil: null }, renewals: [] });
    expect((await call('/api/vip/orders', {}, DEMO_UID)).body.data.orders).toEqual([]);
  });

  it('reads a lapsed membership as none but keeps its expiry', async () => {
    const past = nowSec() - 3 * DAY;
    api.db.prepare("INSERT INTO memberships (uid, svip_until, expires_at) VALUES ('lapsed-1', ?, ?)").run(past, past);
    expect((await status('lapsed-1')).membership).toEqual({ tier: 'none', expiresAt: past, svipUntil: null });
  });

  it('seeds a member account whose membership matches its paid orders', async () => {
    const { membership, renewals } = await status('10002');
    expect(membership.tier).toBe('vip');
    // vip-month paid 50 days ago lapsed; vip-month-auto paid 10 days ago runs 31 days from then.
    expect(membership.expiresAt).toBe(nowSec() + 21 * DAY);
    expect(renewals).toEqual([{ planId: 'vip-month-auto', on: true, nextChargeAt: membership.expiresAt, amount: 990, currency: 'CNY' }]);
    const { orders } = (await call('/api/vip/orders', {}, '10002')).body.data;
    expect(orders.map((o: { orderId: string; state: string }) => [o.orderId, o.state])).toEqual([
      ['o-seed-0003', 'paid'],
      ['o-seed-0002', 'cancelled'],
      ['o-seed-0001', 'paid'],
    ]);
    expect(schemaVersion(api.db)).toBeGreaterThanOrEqual(3);
  });
});

describe('orders', () => {
  it('creates one order per attempt: a double tap and a retry return the same order', async () => {
    const attempt = randomUUID();
    const send = () => call('/api/vip/order', { planId: 'vip-month', payType: '1', region: 'CN', attempt }, 'order-1');
    const [first, tap] = await Promise.all([send(), send()]);
    const retry = await send();
    expect(first.status).toBe(200);
    expect(first.body.data.order).toMatchObject({ planId: 'vip-month', amount: 1200, currency: 'CNY', state: 'created', paidAt: null });
    expect(first.body.data.order.orderId).toMatch(/^o-[\w-]+$/);
    expect(tap.body.data.order).toEqual(first.body.data.order);
    expect(retry.body.data.order).toEqual(first.body.data.order);
    expect(api.db.prepare("SELECT COUNT(*) AS n FROM vip_orders WHERE uid = 'order-1'").get()).toEqual({ n: 1 });
  });

  it('keys attempts per user: the same attempt from two users makes two orders', async () => {
    const attempt = randomUUID();
    const a = await order('order-2a', 'vip-month', attempt);
    const b = await order('order-2b', 'vip-month', attempt);
    expect(a.orderId).not.toBe(b.orderId);
  });

  it('refuses an unknown plan with badRequest 422', async () => {
    const { status: code, body } = await call('/api/vip/order', { planId: 'gold-forever', payType: '1', region: 'CN', attempt: randomUUID() }, 'order-3');
    expect(code).toBe(422);
    expect(body.code).toBe('badRequest');
  });

  it('refuses a blocked region with payRegion 403 and creates no order', async () => {
    const { status: code, body } = await call('/api/vip/order', { planId: 'vip-month', payType: '1', region: 'xx', attempt: randomUUID() }, 'order-4');
    expect(code).toBe(403);
    expect(body).toEqual({ code: 'payRegion', message: 'Payments are not available in your country/region.' });
    expect(api.db.prepare("SELECT COUNT(*) AS n FROM vip_orders WHERE uid = 'order-4'").get()).toEqual({ n: 0 });
  });

  it("answers another user's order, and an unknown one, as notFound 404", async () => {
    const mine = await order('order-5');
    expect((await orderStatus('order-5', mine.orderId)).status).toBe(200);
    expect(await orderStatus('order-5-other', mine.orderId)).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect(await orderStatus('order-5', 'o-nothing')).toMatchObject({ status: 404, body: { code: 'notFound' } });
  });

  it("lists only the user's orders, newest first", async () => {
    const older = await order('order-6', 'vip-day');
    api.db.prepare('UPDATE vip_orders SET created_at = created_at - 60 WHERE order_id = ?').run(older.orderId);
    const newer = await order('order-6', 'svip-year');
    await order('order-6-other');
    const { orders } = (await call('/api/vip/orders', {}, 'order-6')).body.data;
    expect(orders.map((o: { orderId: string }) => o.orderId)).toEqual([newer.orderId, older.orderId]);
  });

  it('leaves a created order unpaid and the user without membership until the provider reports', async () => {
    const created = await order('order-7');
    expect((await orderStatus('order-7', created.orderId)).body.data).toMatchObject({
      order: { state: 'created' },
      membership: { tier: 'none', expiresAt: null, svipUntil: null },
      grant: null,
      replaced: null,
    });
  });
});

describe('the payment provider notification', () => {
  it('turns a paid vip-month order into 31 days of VIP from now: activated', async () => {
    const created = await order('pay-1');
    const paid = await notify(created.orderId, 'paid');
    expect(paid).toEqual({ status: 200, body: { code: 0, data: { orderId: created.orderId, state: 'paid' } } });
    const { body } = await orderStatus('pay-1', created.orderId);
    expect(body.data.order.state).toBe('paid');
    expect(body.data.grant).toMatchObject({ effect: 'activated', tier: 'vip', days: 31 });
    expect(body.data.grant.endsAt - body.data.grant.startsAt).toBe(31 * DAY);
    expect(body.data.membership.tier).toBe('vip');
    expect(body.data.membership.expiresAt).toBe(body.data.grant.endsAt);
    expect(Math.abs(body.data.membership.expiresAt - (nowSec() + 31 * DAY))).toBeLessThanOrEqual(3);
    expect(Math.abs(body.data.order.paidAt - nowSec())).toBeLessThanOrEqual(3);
  });

  it('extends from the current expiry when a member buys again: extended', async () => {
    const first = await order('pay-2');
    await notify(first.orderId, 'paid');
    const expiry = (await status('pay-2')).membership.expiresAt;
    const second = await order('pay-2', 'vip-quarter');
    await notify(second.orderId, 'paid');
    const { body } = await orderStatus('pay-2', second.orderId);
    expect(body.data.membership).toEqual({ tier: 'vip', expiresAt: expiry + 93 * DAY, svipUntil: null });
    expect(body.data.grant).toMatchObject({ effect: 'extended', startsAt: expiry, endsAt: expiry + 93 * DAY });
    // The first order keeps its own answer: it was bought without membership.
    expect((await orderStatus('pay-2', first.orderId)).body.data.grant.effect).toBe('activated');
  });

  it('starts from now when the membership had lapsed: activated, not extended', async () => {
    api.db.prepare("INSERT INTO memberships (uid, svip_until, expires_at) VALUES ('pay-3', 0, ?)").run(nowSec() - DAY);
    const created = await order('pay-3', 'vip-day');
    await notify(created.orderId, 'paid');
    const { body } = await orderStatus('pay-3', created.orderId);
    expect(body.data.grant.effect).toBe('activated');
    expect(Math.abs(body.data.membership.expiresAt - (nowSec() + DAY))).toBeLessThanOrEqual(3);
  });

  it('ignores a second paid notification for the same order: no double extension', async () => {
    const created = await order('pay-4');
    await notify(created.orderId, 'paid');
    const once = await status('pay-4');
    const again = await notify(created.orderId, 'paid');
    expect(again.body.data.state).toBe('paid');
    expect(await status('pay-4')).toEqual(once);
  });

  it.each(['failed', 'cancelled'])('records a %s payment without granting membership, even if paid arrives later', async (outcome) => {
    const created = await order(`pay-5-${outcome}`);
    expect((await notify(created.orderId, outcome)).body.data.state).toBe(outcome);
    await notify(created.orderId, 'paid');
    const { body } = await orderStatus(`pay-5-${outcome}`, created.orderId);
    expect(body.data).toMatchObject({ order: { state: outcome, paidAt: null }, membership: { tier: 'none', expiresAt: null }, grant: null });
  });

  it('SVIP over VIP runs at once and keeps every VIP day; VIP bought during SVIP waits for it (the ledger, docs/vip.md)', async () => {
    const vip = await order('pay-6', 'vip-year');
    await notify(vip.orderId, 'paid');
    const year = (await status('pay-6')).membership.expiresAt;
    // A day of SVIP on a year of VIP upgrades one day, and keeps the whole VIP year after it.
    const svip = await order('pay-6', 'svip-day');
    await notify(svip.orderId, 'paid');
    const upgraded = (await orderStatus('pay-6', svip.orderId)).body.data;
    expect(upgraded.grant).toMatchObject({ effect: 'upgraded', tier: 'svip', days: 1 });
    expect(upgraded.grant.endsAt - upgraded.grant.startsAt).toBe(DAY);
    expect(upgraded.membership).toEqual({ tier: 'svip', svipUntil: upgraded.grant.endsAt, expiresAt: year + DAY });
    // A VIP month on SVIP: 31 VIP days after the SVIP day and the year, nothing converted.
    const more = await order('pay-6', 'vip-month');
    await notify(more.orderId, 'paid');
    const queued = (await orderStatus('pay-6', more.orderId)).body.data;
    expect(queued.grant).toMatchObject({ effect: 'queued', tier: 'vip', days: 31, startsAt: year + DAY, endsAt: year + 32 * DAY });
    expect(queued.membership).toEqual({ tier: 'svip', svipUntil: upgraded.grant.endsAt, expiresAt: year + 32 * DAY });
  });

  it('turns on auto-renewal when an auto-renew plan is paid, next charge at the new expiry', async () => {
    const created = await order('pay-7', 'svip-month-auto');
    await notify(created.orderId, 'paid');
    const { membership, renewals } = await status('pay-7');
    expect(renewals).toEqual([{ planId: 'svip-month-auto', on: true, nextChargeAt: membership.expiresAt, amount: 1900, currency: 'CNY' }]);
  });

  it('refuses an unknown order with 404 and a malformed notice with 422', async () => {
    expect(await notify('o-nothing', 'paid')).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect(await notify('o-nothing', 'refunded')).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    const response = await fetch(`${api.base}/api/dev/provider`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(response.status).toBe(422);
  });

  it('is notified by the fake host before the app hears onPayCallback', async () => {
    const created = await order('pay-8');
    const win = {} as Record<string, unknown>;
    const host = installFakeHost(win as unknown as Window, { providerUrl: `${api.base}/api/dev/provider` });
    try {
      const answered = new Promise<string>((resolve) => (win.onPayCallback = resolve));
      (win.NativeBridge as Record<string, (json: string) => void>).startPayWeb!(
        JSON.stringify({ orderId: created.orderId, productId: 'vip-month', payType: '1', amount: 1200 }),
      );
      expect(JSON.parse(await answered)).toEqual({ status: 'success', orderId: created.orderId });
      // By the time the app learns the result, the server already knows it.
      expect((await orderStatus('pay-8', created.orderId)).body.data.order.state).toBe('paid');
    } finally {
      host.uninstall();
    }
  });

  it('stays unpaid when only the app hears of the payment (a fake host without providerUrl)', async () => {
    const created = await order('pay-9');
    const win = {} as Record<string, unknown>;
    const host = installFakeHost(win as unknown as Window);
    try {
      const answered = new Promise<string>((resolve) => (win.onPayCallback = resolve));
      (win.NativeBridge as Record<string, (json: string) => void>).startPayWeb!(
        JSON.stringify({ orderId: created.orderId, productId: 'vip-month', payType: '1', amount: 1200 }),
      );
      expect(JSON.parse(await answered).status).toBe('success');
      expect((await orderStatus('pay-9', created.orderId)).body.data).toMatchObject({ order: { state: 'created' }, membership: { tier: 'none' } });
    } finally {
      host.uninstall();
    }
  });
});

describe('abandon (issue 15)', () => {
  const cancel = (uid: string, orderId: string) => call('/api/vip/order/cancel', { orderId }, uid);
  const history = async (uid: string) =>
    ((await call('/api/vip/orders', {}, uid)).body.data.orders as { orderId: string; state: string }[]).map((o) => o.state);

  it('cancels a created order, so the history says cancelled, not awaiting payment', async () => {
    const created = await order('vab-1');
    expect(await history('vab-1')).toEqual(['created']);
    expect((await cancel('vab-1', created.orderId)).body.data.order).toMatchObject({ orderId: created.orderId, state: 'cancelled' });
    expect(await history('vab-1')).toEqual(['cancelled']);
    expect((await status('vab-1')).membership.tier).toBe('none');
  });

  it('honours a payment reported after the user abandoned, once', async () => {
    const created = await order('vab-2');
    await cancel('vab-2', created.orderId);
    await notify(created.orderId, 'paid');
    await notify(created.orderId, 'paid');
    const { membership } = await status('vab-2');
    expect(membership.tier).toBe('vip');
    expect(membership.expiresAt - nowSec()).toBeLessThanOrEqual(31 * DAY + 2);
    expect(await history('vab-2')).toEqual(['paid']);
  });

  it('leaves a paid order paid', async () => {
    const created = await order('vab-3');
    await notify(created.orderId, 'paid');
    expect((await cancel('vab-3', created.orderId)).body.data.order.state).toBe('paid');
    expect((await status('vab-3')).membership.tier).toBe('vip');
  });

  it("attack: another user cannot cancel someone's order, nor learn it exists", async () => {
    const created = await order('vab-victim');
    expect(await cancel('vab-thief', created.orderId)).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect(await history('vab-victim')).toEqual(['created']);
  });
});

describe('auto-renewal', () => {
  it('turns the renewal of a bought plan off, then on again at the membership expiry', async () => {
    const created = await order('renew-1', 'vip-month-auto');
    await notify(created.orderId, 'paid');
    const expiry = (await status('renew-1')).membership.expiresAt;
    const off = await call('/api/vip/renewal', { planId: 'vip-month-auto', on: false }, 'renew-1');
    expect(off.body.data.renewals).toEqual([{ planId: 'vip-month-auto', on: false, nextChargeAt: null, amount: 990, currency: 'CNY' }]);
    expect((await status('renew-1')).renewals).toEqual(off.body.data.renewals);
    const on = await call('/api/vip/renewal', { planId: 'vip-month-auto', on: true }, 'renew-1');
    expect(on.body.data.renewals).toEqual([{ planId: 'vip-month-auto', on: true, nextChargeAt: expiry, amount: 990, currency: 'CNY' }]);
  });

  it('one contract at a time: subscribing SVIP auto turns VIP auto off, and switching VIP back on turns SVIP off', async () => {
    const vipAuto = await order('renew-2', 'vip-month-auto');
    await notify(vipAuto.orderId, 'paid');
    const svipAuto = await order('renew-2', 'svip-month-auto');
    await notify(svipAuto.orderId, 'paid');
    const paid = (await orderStatus('renew-2', svipAuto.orderId)).body.data;
    expect(paid.grant.effect).toBe('upgraded');
    expect(paid.replaced).toBe('vip-month-auto');
    const { membership, renewals } = await status('renew-2');
    // SVIP renews when SVIP runs out; the VIP month waits after it.
    expect(renewals).toEqual([
      { planId: 'svip-month-auto', on: true, nextChargeAt: membership.svipUntil, amount: 1900, currency: 'CNY' },
      { planId: 'vip-month-auto', on: false, nextChargeAt: null, amount: 990, currency: 'CNY' },
    ]);
    const back = await call('/api/vip/renewal', { planId: 'vip-month-auto', on: true }, 'renew-2');
    expect(back.body.data.renewals).toEqual([
      { planId: 'svip-month-auto', on: false, nextChargeAt: null, amount: 1900, currency: 'CNY' },
      { planId: 'vip-month-auto', on: true, nextChargeAt: membership.expiresAt, amount: 990, currency: 'CNY' },
    ]);
    // The database holds it whatever a handler does.
    expect(() => api.db.prepare("UPDATE renewals SET enabled = 1 WHERE uid = 'renew-2'").run()).toThrow(/UNIQUE/);
  });

  it('attack: a plan never paid through the cashier cannot be switched on (no contract without paying)', async () => {
    const created = await order('renew-4', 'vip-year');
    await notify(created.orderId, 'paid');
    expect(await call('/api/vip/renewal', { planId: 'svip-month-auto', on: true }, 'renew-4')).toMatchObject({ status: 404, body: { code: 'notFound' } });
    expect((await status('renew-4')).renewals).toEqual([]);
  });

  it('charges a renewal only once its time has run out, at the amount agreed, and a declined charge turns it off', async () => {
    const charge = (uid: string, outcome: string) => dev('/api/dev/renewals', { uid, outcome });
    const created = await order('renew-5', 'vip-month-auto');
    await notify(created.orderId, 'paid');
    expect((await charge('renew-5', 'paid')).body.data.order).toBeNull();
    // The seller raises the price: the contract keeps the amount the user agreed to.
    api.db.prepare("UPDATE plan_prices SET price_cents = 1500 WHERE plan_id = 'vip-month-auto' AND currency = 'CNY'").run();
    try {
      const expiry = (await status('renew-5')).membership.expiresAt;
      api.db.prepare("UPDATE memberships SET expires_at = ? WHERE uid = 'renew-5'").run(nowSec() - 1);
      const charged = (await charge('renew-5', 'paid')).body.data.order;
      expect(charged).toMatchObject({ state: 'paid', amount: 990 });
      expect((await charge('renew-5', 'paid')).body.data.order).toBeNull();
      // 31 days from the charge, not from the old expiry: the gap was not paid for.
      expect((await status('renew-5')).membership.expiresAt - nowSec()).toBeGreaterThan(30 * DAY);
      expect(expiry - nowSec()).toBeGreaterThan(30 * DAY);
      api.db.prepare("UPDATE memberships SET expires_at = ? WHERE uid = 'renew-5'").run(nowSec() - 1);
      expect((await charge('renew-5', 'failed')).body.data.order).toMatchObject({ state: 'failed', amount: 990 });
      const after = await status('renew-5');
      expect(after.membership.tier).toBe('none');
      expect(after.renewals).toEqual([{ planId: 'vip-month-auto', on: false, nextChargeAt: null, amount: 990, currency: 'CNY' }]);
    } finally {
      api.db.prepare("UPDATE plan_prices SET price_cents = 990 WHERE plan_id = 'vip-month-auto' AND currency = 'CNY'").run();
    }
  });

  it('refuses a plan without auto-renewal (422) and turning off a renewal the user does not have (404)', async () => {
    expect(await call('/api/vip/renewal', { planId: 'vip-month', on: true }, 'renew-3')).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    expect(await call('/api/vip/renewal', { planId: 'nope', on: true }, 'renew-3')).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    expect(await call('/api/vip/renewal', { planId: 'vip-month-auto', on: false }, 'renew-3')).toMatchObject({ status: 404, body: { code: 'notFound' } });
  });
});

describe('redeem codes', () => {
  it('redeems a code once, trimmed and case-insensitively, adding its days', async () => {
    const { body } = await expectAfter(
      () => call('/api/vip/redeem', { code: '  vip7days ' }, 'redeem-1'),
      (r) => r.body.data.membership.expiresAt,
      7 * DAY,
    );
    expect(body.data).toMatchObject({ grant: { effect: 'activated', tier: 'vip', days: 7 }, membership: { tier: 'vip' } });
    expect(await status('redeem-1')).toMatchObject({ membership: body.data.membership });
    expect(await call('/api/vip/redeem', { code: 'VIP7DAYS' }, 'redeem-2')).toMatchObject({ status: 422, body: { code: 'redeemInvalid' } });
  });

  it('an SVIP code on a running VIP membership upgrades at once and keeps the VIP days after it', async () => {
    const created = await order('redeem-3');
    await notify(created.orderId, 'paid');
    const expiry = (await status('redeem-3')).membership.expiresAt;
    const { body } = await call('/api/vip/redeem', { code: 'SVIP30' }, 'redeem-3');
    const { grant, membership } = body.data;
    expect(grant).toMatchObject({ effect: 'upgraded', tier: 'svip', days: 30 });
    expect(grant.endsAt - grant.startsAt).toBe(30 * DAY);
    expect(membership).toEqual({ tier: 'svip', svipUntil: grant.endsAt, expiresAt: expiry + 30 * DAY });
  });

  it('redeems a code issued through the development route, spaces and case aside', async () => {
    const mint = async (body: object) => {
      const response = await fetch(`${api.base}/api/dev/redeem-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const issued = await mint({ tier: 'svip', days: 14 });
    expect(issued.body.data.code).toMatch(/^DEV-[0-9A-F]{12}$/);
    const typed = issued.body.data.code.toLowerCase().replace(/(.{4})/g, '$1 ');
    const { body } = await expectAfter(
      () => call('/api/vip/redeem', { code: typed }, 'redeem-5'),
      (r) => r.body.data.membership.expiresAt,
      14 * DAY,
    );
    expect(body.data).toMatchObject({ grant: { days: 14, tier: 'svip' }, membership: { tier: 'svip' } });
    expect((await mint({ tier: 'gold', days: 14 })).status).toBe(422);
    expect((await mint({ tier: 'vip', days: 0 })).status).toBe(422);
  });

  it.each([
    ['an expired code', 'EXPIRED2024'],
    ['a code used by someone else', 'usedcode'],
    ['an unknown code', 'NO-SUCH-CODE'],
    ['a code of blanks', '   '],
  ])('refuses %s with the one answer for every refused code', async (_, code) => {
    const reply = await call('/api/vip/redeem', { code }, 'redeem-4');
    expect(reply).toEqual({ status: 422, body: { code: 'redeemInvalid', message: en.error.redeemInvalid } });
    expect((await status('redeem-4')).membership).toEqual({ tier: 'none', expiresAt: null, svipUntil: null });
  });
});
