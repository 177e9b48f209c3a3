/**
 * The pay flow with a recharge's dependencies, loaded when the user taps Pay (not first-load JS);
 * src/lib/coins/recharge.ts runs it.
 */
import { request } from '../request';
import { coinOrderStatus } from '../../shared/api/endpoints/coins-orders';
import { confirm, payOnce } from '../pay/flow';
import { hostConfirm } from '../pay/host';
import type { Checkout } from '../pay/purchase';
import { coinPayDeps, type CoinStatus, type Recharge } from './pay-deps';

/** @example await (await import('./checkout')).checkout.pay(attempt, { packageId: 'coins-300', payType, region, paymentAvailable }) */
export const checkout: Checkout<Recharge, CoinStatus> = {
  pay: (attempt, what) => payOnce(attempt, coinPayDeps(what)),
  recheck: (orderId) => confirm(orderId, { ...hostConfirm, orderStatus: (id) => request(coinOrderStatus, { orderId: id }) }),
};
