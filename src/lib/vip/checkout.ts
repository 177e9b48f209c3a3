/**
 * The pay flow with a membership's dependencies, loaded when the user taps Pay (not first-load JS);
 * src/lib/vip/purchase.ts runs it.
 */
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { vipOrderStatus } from '../../shared/api/endpoints/vip-order';
import { confirm, payOnce } from '../pay/flow';
import { hostConfirm } from '../pay/host';
import type { Checkout } from '../pay/purchase';
import { payDeps, type PlanChoice } from './pay-deps';

/** @example await (await import('./checkout')).checkout.pay(attempt, { plan, payType, region, paymentAvailable }) */
export const checkout: Checkout<PlanChoice, DataOf<typeof vipOrderStatus>> = {
  pay: (attempt, purchase) => payOnce(attempt, payDeps(purchase)),
  recheck: (orderId) => confirm(orderId, { ...hostConfirm, orderStatus: (id) => request(vipOrderStatus, { orderId: id }) }),
};
