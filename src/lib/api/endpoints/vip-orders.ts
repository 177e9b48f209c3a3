/**
 * The user's membership orders (/vip-management's history): out of the VIP chunk every VIP page
 * loads (astro.config.mjs PAGE_ONLY). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { order } from './vip';

/** The user's membership orders, newest first. */
export const vipOrders = endpoint('/api/vip/orders', v.object({}), v.object({ orders: v.array(order) }));
