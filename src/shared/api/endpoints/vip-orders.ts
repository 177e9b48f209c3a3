/**
 * The user's membership orders (/vip-management's history), apart from ./vip.ts so that only the page
 * that shows them loads them (docs/models.md, "Chunks"). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { order } from './vip';

/** The user's membership orders, newest first. */
export const vipOrders = endpoint('/api/vip/orders', v.object({}), v.object({ orders: v.array(order) }));
