/**
 * The pay flow with the page's dependencies, as one module the channel page loads when the user taps
 * Pay: nothing of it is needed to show the order summary, so it is not first-load JavaScript.
 */
import { payDeps, type Purchase } from './pay-deps';
import { confirm, payOnce, type PayOutcome } from './pay-flow';

/** @example const outcome = await checkout(attempt, { plan, payType, region, paymentAvailable }) */
export const checkout = (attempt: string, purchase: Purchase): Promise<PayOutcome> => payOnce(attempt, payDeps(purchase));

/** Asks the server again about an order left pending. @example await recheck('o-1', purchase) */
export const recheck = (orderId: string, purchase: Purchase): Promise<PayOutcome> => confirm(orderId, payDeps(purchase));
