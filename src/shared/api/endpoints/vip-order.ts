/**
 * What a payment did: an order's state and what it did to the membership, asked once the
 * user has paid (/vip-center after /channel, the pay flow's confirmation), apart from ./vip.ts so
 * that no page loads it before. Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { membership, order, orderId } from './vip';
import { grant } from './vip-grant';

/**
 * An order's state as the payment provider reported it to the server. Only `paid` turns a purchase
 * into membership; `grant` says what it did (null until paid), `replaced` the auto-renewal plan it
 * turned off (at most one contract at a time), if any.
 */
export const vipOrderStatus = endpoint(
  '/api/vip/order/status',
  v.object({ orderId }),
  v.object({ order, membership, grant: v.nullable(grant), replaced: v.nullable(v.string()) }),
);
