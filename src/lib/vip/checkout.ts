/**
 * The pay flow with the page's dependencies, as one module the channel page loads when the user taps
 * Pay: nothing of it is needed to show the order summary, so it is not first-load JavaScript.
 */
import { payDeps, type Purchase } from './pay-deps';
import type { DataOf } from '../api/endpoint';
import type { vipOrderStatus } from '../api/endpoints/vip';
import { confirm, payOnce, type PayOutcome } from '../pay/flow';

/** How a membership purchase ended, with the server's order and membership when paid. */
export type Outcome = PayOutcome<DataOf<typeof vipOrderStatus>>;

/** @example const outcome = await checkout(attempt, { plan, payType, region, paymentAvailable }) */
export const checkout = (attempt: string, purchase: Purchase): Promise<Outcome> => payOnce(attempt, payDeps(purchase));

/** Asks the server again about an order left pending. @example await recheck('o-1', purchase) */
export const recheck = (orderId: string, purchase: Purchase): Promise<Outcome> => confirm(orderId, payDeps(purchase));
