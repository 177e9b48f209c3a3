/**
 * VIP membership and payment endpoints that every VIP page may need: plans and status.
 * Buying and cancelling, an order's status, the order list, renewal and redeeming, each used by one
 * page or once the page has run, are in ./vip-buy.ts, ./vip-order.ts, ./vip-orders.ts, ./vip-renewal.ts
 * and ./vip-redeem.ts, so the VIP chunk every VIP page loads does not carry them. Prices are
 * integers in the currency's minor unit (cents); times are Unix seconds, as the host's `vip.valid_time` is.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

export const tier = v.picklist(['vip', 'svip']);
const period = v.picklist(['day', 'month', 'quarter', 'year']);
const money = v.pipe(v.number(), v.integer(), v.minValue(0));
/** An ISO 4217 code: Intl formats a price in any code of this shape and throws on others (src/shared/format.ts formatPrice). */
const currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
export const seconds = v.pipe(v.number(), v.integer());
/**
 * Request ids are bounded like every request string, so no request can fill the database; catalogue
 * and order ids are far shorter.
 */
export const planId = v.pipe(v.string(), v.maxLength(40));
export const orderId = v.pipe(v.string(), v.maxLength(64));

export const plan = v.object({
  id: v.string(),
  tier,
  period,
  days: v.pipe(v.number(), v.integer(), v.minValue(1)),
  price: money,
  original: money,
  currency,
  autoRenew: v.boolean(),
  /** Unix seconds: `price` is a limited-time offer until then (spec §9); null when it is not an offer. */
  offerEndsAt: v.nullable(seconds),
});

/** The ledger's standing (src/shared/vip/ledger.ts): SVIP runs until `svipUntil`, then VIP until `expiresAt`. */
export const membership = v.object({
  tier: v.picklist(['none', 'vip', 'svip']),
  /** Unix seconds: the end of the whole membership; null when never a member. */
  expiresAt: v.nullable(seconds),
  /** Unix seconds: while SVIP runs, when it ends (VIP, if any, follows until `expiresAt`); else null. */
  svipUntil: v.nullable(seconds),
});

export const renewal = v.object({
  planId: v.string(),
  on: v.boolean(),
  /** Unix seconds of the next charge, null when off. */
  nextChargeAt: v.nullable(seconds),
  amount: money,
  currency,
});

export const orderState = v.picklist(['created', 'paid', 'failed', 'cancelled']);

export const order = v.object({
  orderId: v.string(),
  planId: v.string(),
  amount: money,
  currency,
  state: orderState,
  createdAt: seconds,
  paidAt: v.nullable(seconds),
});

/** Plans for the user's region, and whether payment is available there (spec §6). */
export const vipPlans = endpoint(
  '/api/vip/plans',
  v.object({ region: v.pipe(v.string(), v.maxLength(8)) }),
  v.object({ plans: v.array(plan), paymentAvailable: v.boolean() }),
  // /channel shows the order summary before sign-in (spec §2), so plans need no user.
  { public: true },
);

/** The server's view of the user's membership and auto-renewals. */
export const vipStatus = endpoint('/api/vip/status', v.object({}), v.object({ membership, renewals: v.array(renewal) }));
