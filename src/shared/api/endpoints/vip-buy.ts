/**
 * Buying and abandoning a membership order (/channel's pay flow, loaded when it runs), apart from
 * ./vip.ts so that only the pay flow loads it (docs/models.md, "Chunks"). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { order, orderId, planId } from './vip';

/**
 * Creates an order, once per `attempt` key: the same key returns the same order, so a double tap or a
 * retry after a network error never charges twice. Refused with `payRegion` where payment is not
 * allowed (a blocked region, or anything that is not a known region code).
 */
export const vipCreateOrder = endpoint(
  '/api/vip/order',
  v.object({
    planId,
    payType: v.pipe(v.string(), v.maxLength(32)),
    region: v.pipe(v.string(), v.maxLength(8)),
    attempt: v.pipe(v.string(), v.minLength(16), v.maxLength(64)),
  }),
  v.object({ order }),
);

/**
 * The user abandons a purchase: a `created` order becomes `cancelled`, so order history says so
 * instead of "Awaiting payment". An order already settled is answered as it is; a payment the
 * provider still reports later is honoured. `notFound` for another user's order.
 */
export const vipCancelOrder = endpoint('/api/vip/order/cancel', v.object({ orderId }), v.object({ order }));
