/**
 * The pay flow with a recharge's dependencies, loaded when the user taps Pay (not first-load JS).
 */
import { confirm, payOnce, type PayOutcome } from '../pay/flow';
import { coinPayDeps, type CoinStatus, type Recharge } from './pay-deps';

/** How a recharge ended, with the server's order and balance when paid. */
export type Outcome = PayOutcome<CoinStatus>;

/** @example const outcome = await recharge(attempt, { packageId: 'coins-300', payType, region, paymentAvailable }) */
export const recharge = (attempt: string, what: Recharge): Promise<Outcome> => payOnce(attempt, coinPayDeps(what));

/** Asks the server again about a recharge left pending. @example await recheck('c-1', what) */
export const recheck = (orderId: string, what: Recharge): Promise<Outcome> => confirm(orderId, coinPayDeps(what));
