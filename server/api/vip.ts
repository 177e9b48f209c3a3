/**
 * VIP membership and payment (issue 4): plans, orders, membership, auto-renewal, redeem codes. The
 * contract is src/lib/api/endpoints/vip.ts; docs/api.md (section VIP) describes the behaviour.
 *
 * Only the payment provider's notification turns an order into membership: here the development
 * route `POST /api/dev/provider` (server/api/dev.ts) stands for the provider's server-to-server
 * webhook (the fake host posts to it before it answers onPayCallback). Times in the tables are Unix
 * seconds.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/lib/api/contract';
import { order as vipOrder, plan as vipPlan, tier as planTier } from '../../src/lib/api/endpoints/vip';
import type { Db } from '../db';
import { keyedHash } from '../db/secret';
import { transaction } from '../db/transaction';
import { ApiFailure } from './failure';
import { abandon, settles, type ProviderOutcome } from './orders';
import type { Handlers } from './pipeline';
import { paymentAllowed } from './regions';
import { rowAs } from './rows';
import { extendMembership, membershipOf } from '../db/membership';
import { seconds } from '../time';

/**
 * Refused redeem codes one user, and one session, may have in an hour (`max`), and one client address
 * (`perClient`; issue 28 i: a new account started with fresh tries, its address does not). An address
 * gets more, since a carrier's NAT puts many phones behind one; against a code of 48 random bits
 * (the development route's; a printed code must be at least as long) 100 tries an hour are still
 * hopeless. The next try is refused with `redeemLimit` 429
 * before any code is looked up, until the oldest of them is an hour old. Ten cover typos in a printed
 * code many times over; an hour makes guessing a code a matter of centuries.
 *
 * The first half of each allowance says why a code was refused (unknown, expired, used), for someone
 * who mistyped; in the second half all three are one answer, `redeemInvalid` 422, so that a guesser
 * near a limit learns nothing of which codes exist.
 */
export const REDEEM_FAILURES = { max: 10, perClient: 100, windowSeconds: 3_600 } as const;
/** Why a code was refused, and its status, while the answers still say why. */
const REDEEM_REFUSALS = { redeemUnknown: 404, redeemExpired: 410, redeemUsed: 409 } as const;

type Plan = ResponseOf<'vipPlans'>['plans'][number];
type Renewal = ResponseOf<'vipStatus'>['renewals'][number];
type Order = ResponseOf<'vipOrders'>['orders'][number];
type Row = Record<string, unknown>;

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

const toRenewal = (row: Row): Renewal => ({
  planId: String(row.plan_id),
  on: Boolean(row.enabled),
  nextChargeAt: row.enabled && row.next_charge_at !== null ? Number(row.next_charge_at) : null,
  amount: Number(row.amount),
  currency: String(row.currency),
});

function findPlan(db: Db, id: string, now: number): Plan | undefined {
  const row = db.prepare('SELECT * FROM plans WHERE id = ?').get(id);
  return row ? toPlan(row, now) : undefined;
}

function renewalsOf(db: Db, uid: string): Renewal[] {
  return db.prepare('SELECT * FROM renewals WHERE uid = ? ORDER BY plan_id').all(uid).map(toRenewal);
}

/** Turns on the auto-renewal of `plan` for the user, charging the plan's price at `nextChargeAt`. */
function renewalOn(db: Db, uid: string, plan: Plan, nextChargeAt: number): void {
  db.prepare(
    `INSERT INTO renewals (uid, plan_id, enabled, next_charge_at, amount, currency) VALUES (?, ?, 1, ?, ?, ?)
     ON CONFLICT (uid, plan_id) DO UPDATE SET enabled = 1, next_charge_at = excluded.next_charge_at, amount = excluded.amount, currency = excluded.currency`,
  ).run(uid, plan.id, nextChargeAt, plan.price, plan.currency);
}

/**
 * What the payment provider's notification does to an order (see `settles` for which change). `paid` grants the
 * plan's days (and turns on its auto-renewal for an auto-renew plan), in the same transaction.
 * @returns the order after the notification, or undefined when there is no such order
 */
export function settleOrder(db: Db, orderId: string, outcome: ProviderOutcome, nowMs: number): Order | undefined {
  return transaction(db, () => {
    const row = db.prepare('SELECT * FROM vip_orders WHERE order_id = ?').get(orderId);
    if (!row) return undefined;
    if (!settles(row, outcome)) return toOrder(row);
    const now = seconds(nowMs);
    if (outcome !== 'paid') {
      db.prepare('UPDATE vip_orders SET state = ? WHERE order_id = ?').run(outcome, orderId);
    } else {
      const uid = String(row.uid);
      const plan = findPlan(db, String(row.plan_id), now);
      if (!plan) throw new Error(`order ${orderId}: plan ${String(row.plan_id)} is gone`);
      const { renewed, expiresAt } = extendMembership(db, uid, plan.tier, plan.days, now);
      db.prepare("UPDATE vip_orders SET state = 'paid', paid_at = ?, renewed = ? WHERE order_id = ?").run(now, renewed ? 1 : 0, orderId);
      if (plan.autoRenew) renewalOn(db, uid, plan, expiresAt);
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
  // Public (no session, src/lib/api/endpoints/vip.ts): the catalogue only, nothing of any user's.
  vipPlans: ({ db, body, now }) => ({
    plans: db
      .prepare('SELECT * FROM plans ORDER BY sort')
      .all()
      .map((row) => toPlan(row, seconds(now))),
    paymentAvailable: paymentAllowed(body.region),
  }),

  vipStatus: ({ db, user, now }) => ({ membership: membershipOf(db, user.uid, seconds(now)), renewals: renewalsOf(db, user.uid) }),

  vipCreateOrder: ({ db, user, body, now }) => {
    const uid = user.uid;
    const plan = findPlan(db, body.planId, seconds(now));
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
    return { order: toOrder(row), membership: membershipOf(db, uid, seconds(now)), renewed: row.state === 'paid' && Boolean(row.renewed) };
  },

  vipCancelOrder: ({ db, user, body, now }) => ({ order: abandon(db, 'vip_orders', user.uid, body.orderId, now, settleOrder)! }),

  vipOrders: ({ db, user }) => ({
    orders: db.prepare('SELECT * FROM vip_orders WHERE uid = ? ORDER BY created_at DESC, rowid DESC').all(user.uid).map(toOrder),
  }),

  vipSetRenewal: ({ db, user, body, now }) => {
    const uid = user.uid;
    const plan = findPlan(db, body.planId, seconds(now));
    if (!plan?.autoRenew) throw new ApiFailure('badRequest', 422, 'No such auto-renew plan.');
    const row = db.prepare('SELECT 1 FROM renewals WHERE uid = ? AND plan_id = ?').get(uid, plan.id);
    if (!body.on) {
      if (!row) throw new ApiFailure('notFound', 404, 'No auto-renewal of this plan.');
      db.prepare('UPDATE renewals SET enabled = 0, next_charge_at = NULL WHERE uid = ? AND plan_id = ?').run(uid, plan.id);
    } else {
      // The next charge falls when the current membership ends; without a valid one, now.
      const nowSec = seconds(now);
      const expiresAt = membershipOf(db, uid, nowSec).expiresAt;
      const nextCharge = expiresAt !== null && expiresAt > nowSec ? expiresAt : nowSec;
      renewalOn(db, uid, plan, nextCharge);
    }
    return { renewals: renewalsOf(db, uid) };
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
      const why: keyof typeof REDEEM_REFUSALS | null = !row
        ? 'redeemUnknown'
        : Number(row.expires_at) <= nowSec
          ? 'redeemExpired'
          : row.used_by !== null
            ? 'redeemUsed'
            : null;
      if (why) {
        const exact = Math.max(byUser, bySession) < REDEEM_FAILURES.max / 2 && byClient < REDEEM_FAILURES.perClient / 2;
        const refusal = exact ? new ApiFailure(why, REDEEM_REFUSALS[why]) : new ApiFailure('redeemInvalid', 422);
        // Counted, and kept: the refusal leaves the transaction as a value (which commits), thrown below.
        db.prepare('DELETE FROM redeem_failures WHERE at <= ?').run(since);
        db.prepare('INSERT INTO redeem_failures (uid, session, client, at) VALUES (?, ?, ?, ?)').run(uid, session, client, nowSec);
        return { refusal };
      }
      db.prepare('UPDATE redeem_codes SET used_by = ?, used_at = ? WHERE code = ?').run(uid, nowSec, code);
      const days = Number(row!.days);
      extendMembership(db, uid, rowAs(planTier, row!.tier, 'redeem_codes.tier'), days, nowSec);
      return { membership: membershipOf(db, uid, nowSec), days };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome;
  },
};
