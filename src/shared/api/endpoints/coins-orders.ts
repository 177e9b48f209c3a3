/**
 * Coin recharge orders: made, asked about and abandoned only once the user pays, so a page
 * loads these schemas with the pay flow (src/lib/coins/checkout.ts), not with its first screen.
 * Prices are in the currency's minor unit; times are Unix seconds.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const money = v.pipe(v.number(), v.integer(), v.minValue(0));
const region = v.pipe(v.string(), v.maxLength(8));

export const orderState = v.picklist(['created', 'paid', 'failed', 'cancelled']);

export const coinOrder = v.object({
  orderId: v.string(),
  /** null for a custom amount. */
  packageId: v.nullable(v.string()),
  coins: v.pipe(v.number(), v.integer(), v.minValue(1)),
  bonus: v.pipe(v.number(), v.integer(), v.minValue(0)),
  amount: money,
  currency: v.string(),
  state: orderState,
  createdAt: int,
  paidAt: v.nullable(int),
});

/**
 * Creates a recharge order for a package or a custom amount (exactly one of them), once per
 * `attempt` key, as the VIP order does. Refused with `payRegion` where payment is not allowed (a
 * blocked or unknown region), `badRequest` for an unknown package or a custom amount outside the
 * limits. The record appears as pending.
 */
export const coinCreateOrder = endpoint(
  '/api/coins/order',
  v.object({
    packageId: v.optional(v.pipe(v.string(), v.maxLength(40))),
    coins: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    payType: v.pipe(v.string(), v.maxLength(32)),
    region,
    attempt: v.pipe(v.string(), v.minLength(16), v.maxLength(64)),
  }),
  v.object({ order: coinOrder }),
);

/** A recharge order as the payment provider reported it, and the balance now. Only `paid` credits coins. */
export const coinOrderStatus = endpoint(
  '/api/coins/order/status',
  v.object({ orderId: v.pipe(v.string(), v.maxLength(64)) }),
  v.object({ order: coinOrder, balance: int }),
);

/**
 * The user abandons a recharge: a `created` order becomes `cancelled`, and its record reads
 * "Cancelled" instead of pending. An order already settled is answered as it is; a payment the
 * provider still reports later is honoured (the money arrived). `notFound` for another user's order.
 */
export const coinCancelOrder = endpoint('/api/coins/order/cancel', v.object({ orderId: v.pipe(v.string(), v.maxLength(64)) }), v.object({ order: coinOrder }));
