/**
 * VIP membership and payment: plans, orders, membership, auto-renewal, redeem codes. The
 * contract is src/shared/api/endpoints/vip.ts; docs/api.md (section VIP) describes the behaviour.
 *
 * Only the payment provider's notification turns an order into membership: here the development
 * route `POST /api/dev/provider` (server/api/dev.ts) stands for the provider's server-to-server
 * webhook (the fake host posts to it before it answers onPayCallback). Times in the tables are Unix
 * seconds.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/shared/api/contract';
import { order as vipOrder, plan as vipPlan, tier as planTier } from '../../src/shared/api/endpoints/vip';
import { grant as vipGrant } from '../../src/shared/api/endpoints/vip-grant';
import { chargeDate } from '../../src/shared/vip/ledger';
import type { Db } from '../db';
import { keyedHash } from '../db/secret';
import { transaction } from '../db/transaction';
import { ApiFailure } from './failure';
import { abandon, settles, type ProviderOutcome } from './orders';
import type { Handlers } from './pipeline';
import { currencyOf } from './prices';
import { paymentAllowed } from './regions';
import { rowAs, type Row } from './rows';
import { extendMembership, ledgerRow, membershipOf } from '../db/membership';
import { seconds } from '../time';

/**
 * Refused redeem codes one user, and one session, may have in an hour (`max`), and one client address
 * (`perClient`: a new account starts with fresh tries, its address does not). An address
 * gets more, since a carrier's NAT puts many phones behind one; against a code of 48 random bits
 * (the development route's; a printed code must be at least as long) 100 tries an hour are still
 * hopeless. The next try is refused with `redeemLimit` 429
 * before any code is looked up, until the oldest of them is an hour old. Ten cover typos in a printed
 * code many times over; an hour makes guessing a code a matter of centuries.
 *
 * Every refused code gets the same answer, `redeemInvalid` 422, whether it is unknown, expired or used:
 * an answer that told them apart, even for the first tries of each account, told a
 * guesser which codes exist, and each new account asked again. The page's message names all three.
 */
export const REDEEM_FAILURES = { max: 10, perClient: 100, windowSeconds: 3_600 } as const;

type Plan = ResponseOf<'vipPlans'>['plans'][number];
type Renewal = ResponseOf<'vipStatus'>['renewals'][number];
type Order = ResponseOf<'vipOrders'>['orders'][number];
type Grant = NonNullable<ResponseOf<'vipOrderStatus'>['grant']>;

/**
 * The plans with their prices in `currency` (./prices.ts), in catalogue order; `id` picks one. The
 * row's price_cents and currency are then the currency's, not the CNY of the plans table.
 */
function planRows(db: Db, currency: string, id?: string): Row[] {
  return db
    .prepare(
      `SELECT p.id, p.tier, p.period, p.days, p.auto_renew, p.offer_ends_at, x.price_cents, x.original_cents, x.currency
         FROM plans p JOIN plan_prices x ON x.plan_id = p.id AND x.currency = ?
        WHERE ? IS NULL OR p.id = ? ORDER BY p.sort`,
    )
    .all(currency, id ?? null, id ?? null);
}

/** A plan as sold at `now` (Unix seconds): a limited-time price until its offer ends, the original after. */
function toPlan(row: Row, now: number): Plan {
  const ends = row.offer_ends_at === null || row.offer_ends_at === undefined ? null : Number(row.offer_ends_at);
  const onOffer = ends === null || ends > now;
  const plan = {
    id: String(row.id),
    tier: row.tier,
    period: row.period,
    days: Number(row.days),
    price: Number(onOffer ? row.price_cents : row.original_cents),
    original: Number(row.original_cents),
    currency: String(row.currency),
    autoRenew: Boolean(row.auto_renew),
    offerEndsAt: onOffer ? ends : null,
  };
  return rowAs(vipPlan, plan, 'plans');
}

const toOrder = (row: Row): Order =>
  rowAs(
    vipOrder,
    {
      orderId: String(row.order_id),
      planId: String(row.plan_id),
      amount: Number(row.amount),
      currency: String(row.currency),
      state: row.state,
      createdAt: Number(row.created_at),
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
    },
    'vip_orders',
  );

/** The plan `id` as sold at `now` in `currency`. */
function findPlan(db: Db, id: string, now: number, currency: string): Plan | undefined {
  const [row] = planRows(db, currency, id);
  return row ? toPlan(row, now) : undefined;
}

/** What the plan `id` grants, the same in every currency: an order or a contract already has its price. */
function termsOf(db: Db, id: string): Pick<Plan, 'id' | 'tier' | 'days' | 'autoRenew'> | undefined {
  const row = db.prepare('SELECT tier, days, auto_renew FROM plans WHERE id = ?').get(id);
  return row && { id, tier: rowAs(planTier, row.tier, 'plans.tier'), days: Number(row.days), autoRenew: Boolean(row.auto_renew) };
}

/**
 * The user's auto-renewals; the next charge of the one that is on is read from the ledger (when its
 * tier's time runs out, src/shared/vip/ledger.ts chargeDate), so no grant can leave it stale.
 */
function renewalsOf(db: Db, uid: string, nowSec: number): Renewal[] {
  const ledger = ledgerRow(db, uid);
  return db
    .prepare('SELECT r.*, p.tier FROM renewals r JOIN plans p ON p.id = r.plan_id WHERE r.uid = ? ORDER BY r.plan_id')
    .all(uid)
    .map((row) => ({
      planId: String(row.plan_id),
      on: Boolean(row.enabled),
      nextChargeAt: row.enabled ? chargeDate(ledger, rowAs(planTier, row.tier, 'plans.tier'), nowSec) : null,
      amount: Number(row.amount),
      currency: String(row.currency),
    }));
}

/**
 * Turns on the user's auto-renewal of `planId` at `amount`, and off every other: at most one contract
 * at a time (the index renewals_one_on holds it too). Returns the plan whose contract was turned off.
 */
function renewalOn(db: Db, uid: string, planId: string, amount: number, currency: string): string | null {
  const other = db.prepare('SELECT plan_id FROM renewals WHERE uid = ? AND enabled = 1 AND plan_id != ?').get(uid, planId);
  db.prepare('UPDATE renewals SET enabled = 0 WHERE uid = ? AND plan_id != ?').run(uid, planId);
  db.prepare(
    `INSERT INTO renewals (uid, plan_id, enabled, amount, currency) VALUES (?, ?, 1, ?, ?)
     ON CONFLICT (uid, plan_id) DO UPDATE SET enabled = 1, amount = excluded.amount, currency = excluded.currency`,
  ).run(uid, planId, amount, currency);
  return other ? String(other.plan_id) : null;
}

/** What a paid order did, as stored when it was paid; null before (or for orders paid before the ledger kept it). */
function grantOf(db: Db, row: Row): Grant | null {
  if (row.state !== 'paid' || row.effect === null || row.runs_from === null || row.runs_until === null) return null;
  const plan = db.prepare('SELECT tier, days FROM plans WHERE id = ?').get(String(row.plan_id))!;
  return rowAs(
    vipGrant,
    { effect: row.effect, tier: plan.tier, days: Number(plan.days), startsAt: Number(row.runs_from), endsAt: Number(row.runs_until) },
    'vip_orders',
  );
}

/**
 * Pays a created order (the provider's notice, or a renewal charge): grants the plan's days by the
 * ledger and records what that did; an auto-renew plan's contract is turned on at the amount paid, and
 * any other turned off. Call inside a transaction.
 */
function payOrder(db: Db, row: Row, now: number): void {
  const orderId = String(row.order_id);
  const uid = String(row.uid);
  const plan = termsOf(db, String(row.plan_id));
  if (!plan) throw new Error(`order ${orderId}: plan ${String(row.plan_id)} is gone`);
  const granted = extendMembership(db, uid, plan.tier, plan.days, now);
  const replaced = plan.autoRenew ? renewalOn(db, uid, plan.id, Number(row.amount), String(row.currency)) : null;
  db.prepare("UPDATE vip_orders SET state = 'paid', paid_at = ?, effect = ?, runs_from = ?, runs_until = ?, replaced = ? WHERE order_id = ?").run(
    now,
    granted.effect,
    granted.startsAt,
    granted.endsAt,
    replaced,
    orderId,
  );
}

/**
 * What the payment provider's notification does to an order (see `settles` for which change). `paid`
 * grants the plan's days (and turns on its auto-renewal for an auto-renew plan), in the same transaction.
 * @returns the order after the notification, or undefined when there is no such order
 */
export function settleOrder(db: Db, orderId: string, outcome: ProviderOutcome, nowMs: number): Order | undefined {
  return transaction(db, () => {
    const row = db.prepare('SELECT * FROM vip_orders WHERE order_id = ?').get(orderId);
    if (!row) return undefined;
    if (!settles(row, outcome)) return toOrder(row);
    if (outcome === 'paid') payOrder(db, row, seconds(nowMs));
    else db.prepare('UPDATE vip_orders SET state = ? WHERE order_id = ?').run(outcome, orderId);
    return toOrder(db.prepare('SELECT * FROM vip_orders WHERE order_id = ?').get(orderId)!);
  });
}

/**
 * The provider charges the user's auto-renewal when its tier's time has run out (the billing
 * scheduler; in development `POST /api/dev/renewals`): one order of the contract's plan at the amount
 * agreed, paid and granted like any other. A declined charge (`failed`) is recorded and turns the
 * contract off, so it is never retried into a loop; nothing is granted. Nothing is due: nothing happens.
 * @returns the order the charge made, if one was due
 */
export function chargeRenewal(db: Db, uid: string, outcome: 'paid' | 'failed', nowMs: number): Order | undefined {
  const now = seconds(nowMs);
  return transaction(db, () => {
    const contract = db.prepare('SELECT r.*, p.tier FROM renewals r JOIN plans p ON p.id = r.plan_id WHERE r.uid = ? AND r.enabled = 1').get(uid);
    if (!contract) return undefined;
    if (chargeDate(ledgerRow(db, uid), rowAs(planTier, contract.tier, 'plans.tier'), now) > now) return undefined;
    const orderId = `o-${randomBytes(12).toString('base64url')}`;
    db.prepare(
      `INSERT INTO vip_orders (order_id, uid, plan_id, attempt, pay_type, amount, currency, state, created_at)
       VALUES (?, ?, ?, ?, 'renewal', ?, ?, 'created', ?)`,
    ).run(orderId, uid, String(contract.plan_id), `renewal:${orderId}`, Number(contract.amount), String(contract.currency), now);
    const row = db.prepare('SELECT * FROM vip_orders WHERE order_id = ?').get(orderId)!;
    if (outcome === 'paid') payOrder(db, row, now);
    else {
      db.prepare("UPDATE vip_orders SET state = 'failed' WHERE order_id = ?").run(orderId);
      db.prepare('UPDATE renewals SET enabled = 0 WHERE uid = ?').run(uid);
    }
    return toOrder(db.prepare('SELECT * FROM vip_orders WHERE order_id = ?').get(orderId)!);
  });
}

type VipHandlers = Pick<
  Handlers,
  'vipPlans' | 'vipStatus' | 'vipCreateOrder' | 'vipOrderStatus' | 'vipCancelOrder' | 'vipOrders' | 'vipSetRenewal' | 'vipRedeem'
>;

/** The VIP area's handlers, spread into HANDLERS (server/api/handlers.ts). */
export const VIP_HANDLERS: VipHandlers = {
  // Public (no session, src/shared/api/endpoints/vip.ts): the catalogue only, nothing of any user's.
  vipPlans: ({ db, body, now }) => ({
    plans: planRows(db, currencyOf(body.region)).map((row) => toPlan(row, seconds(now))),
    paymentAvailable: paymentAllowed(body.region),
  }),

  vipStatus: ({ db, user, now }) => ({ membership: membershipOf(db, user.uid, seconds(now)), renewals: renewalsOf(db, user.uid, seconds(now)) }),

  vipCreateOrder: ({ db, user, body, now }) => {
    const uid = user.uid;
    // The amount and currency are the catalogue's for the request's region: the body names a plan, and
    // any price or currency it also carries was dropped with every other unknown field by its schema.
    const plan = findPlan(db, body.planId, seconds(now), currencyOf(body.region));
    if (!plan) throw new ApiFailure('badRequest', 422, 'No such plan.');
    if (!paymentAllowed(body.region)) throw new ApiFailure('payRegion', 403);
    // One order per (uid, attempt): a double tap or a retry finds the first one. SQLite runs this
    // synchronously, so two requests racing cannot both insert (and UNIQUE would refuse anyway).
    db.prepare(
      `INSERT INTO vip_orders (order_id, uid, plan_id, attempt, pay_type, amount, currency, state, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'created', ?) ON CONFLICT (uid, attempt) DO NOTHING`,
    ).run(`o-${randomBytes(12).toString('base64url')}`, uid, plan.id, body.attempt, body.payType, plan.price, plan.currency, seconds(now));
    return { order: toOrder(db.prepare('SELECT * FROM vip_orders WHERE uid = ? AND attempt = ?').get(uid, body.attempt)!) };
  },

  vipOrderStatus: ({ db, user, body, now }) => {
    const uid = user.uid;
    // Another user's order answers as an unknown one: order ids must not leak whose they are.
    const row = db.prepare('SELECT * FROM vip_orders WHERE order_id = ? AND uid = ?').get(body.orderId, uid);
    if (!row) throw new ApiFailure('notFound', 404, 'No such order.');
    return {
      order: toOrder(row),
      membership: membershipOf(db, uid, seconds(now)),
      grant: grantOf(db, row),
      replaced: row.state === 'paid' && row.replaced !== null ? String(row.replaced) : null,
    };
  },

  vipCancelOrder: ({ db, user, body, now }) => ({ order: abandon(db, 'vip_orders', user.uid, body.orderId, now, settleOrder)! }),

  vipOrders: ({ db, user }) => ({
    orders: db.prepare('SELECT * FROM vip_orders WHERE uid = ? ORDER BY created_at DESC, rowid DESC').all(user.uid).map(toOrder),
  }),

  vipSetRenewal: ({ db, user, body, now }) => {
    const uid = user.uid;
    const plan = termsOf(db, body.planId);
    if (!plan?.autoRenew) throw new ApiFailure('badRequest', 422, 'No such auto-renew plan.');
    // Only a contract made by paying (the cashier is where the user agrees with the provider) can be
    // switched; a plan never subscribed to is subscribed to through /channel.
    const row = db.prepare('SELECT amount, currency FROM renewals WHERE uid = ? AND plan_id = ?').get(uid, plan.id);
    if (!row) throw new ApiFailure('notFound', 404, 'No auto-renewal of this plan.');
    transaction(db, () => {
      if (body.on) renewalOn(db, uid, plan.id, Number(row.amount), String(row.currency));
      else db.prepare('UPDATE renewals SET enabled = 0 WHERE uid = ? AND plan_id = ?').run(uid, plan.id);
    });
    return { renewals: renewalsOf(db, uid, seconds(now)) };
  },

  vipRedeem: ({ db, user, body, now, client }) => {
    const { uid, app_sessionid } = user;
    // As the page sends it (src/lib/vip/redeem-code.ts): codes are printed in groups and not case-sensitive.
    const code = body.code.replace(/\s+/g, '').toUpperCase();
    const nowSec = seconds(now);
    // The session as an HMAC: the table must not hand out live session ids (server/api/sessions.ts).
    const session = keyedHash(db, 'session', app_sessionid);
    const outcome = transaction(db, () => {
      // Before the lookup: past the limit, not even the right code is looked at, so guessing learns nothing.
      const since = nowSec - REDEEM_FAILURES.windowSeconds;
      const failed = db
        .prepare(
          `SELECT COALESCE(SUM(uid = ?), 0) AS byUser, COALESCE(SUM(session = ?), 0) AS bySession, COALESCE(SUM(client = ?), 0) AS byClient
             FROM redeem_failures WHERE at > ? AND (uid = ? OR session = ? OR client = ?)`,
        )
        .get(uid, session, client, since, uid, session, client)!;
      const [byUser, bySession, byClient] = [Number(failed.byUser), Number(failed.bySession), Number(failed.byClient)];
      if (byUser >= REDEEM_FAILURES.max || bySession >= REDEEM_FAILURES.max || byClient >= REDEEM_FAILURES.perClient) throw new ApiFailure('redeemLimit', 429);
      const row = db.prepare('SELECT * FROM redeem_codes WHERE code = ?').get(code);
      if (!row || Number(row.expires_at) <= nowSec || row.used_by !== null) {
        // Counted, and kept: the refusal leaves the transaction as a value (which commits), thrown below.
        db.prepare('DELETE FROM redeem_failures WHERE at <= ?').run(since);
        db.prepare('INSERT INTO redeem_failures (uid, session, client, at) VALUES (?, ?, ?, ?)').run(uid, session, client, nowSec);
        return { refusal: new ApiFailure('redeemInvalid', 422) };
      }
      db.prepare('UPDATE redeem_codes SET used_by = ?, used_at = ? WHERE code = ?').run(uid, nowSec, code);
      const { effect, tier, days, startsAt, endsAt } = extendMembership(db, uid, rowAs(planTier, row.tier, 'redeem_codes.tier'), Number(row.days), nowSec);
      return { membership: membershipOf(db, uid, nowSec), grant: { effect, tier, days, startsAt, endsAt } };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome;
  },
};
