/**
 * The pay flow's dependencies for a membership: the host's side (src/lib/pay/host.ts), the VIP order
 * endpoints, and the VIP wording for "abandon this purchase?".
 */
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import type { plan } from '../../shared/api/endpoints/vip';
import { vipOrderStatus } from '../../shared/api/endpoints/vip-order';
import { vipCancelOrder, vipCreateOrder } from '../../shared/api/endpoints/vip-buy';
import type * as v from 'valibot';
import type { PayDeps } from '../pay/flow';
import { askHost, hostPay } from '../pay/host';

type Plan = v.InferOutput<typeof plan>;
type Order = DataOf<typeof vipCreateOrder>['order'];

export interface PlanChoice {
  plan: Plan;
  payType: string;
  region: string;
  paymentAvailable: boolean;
}

/**
 * Dependencies for buying one plan with one payment method.
 * @example await pay(attempt, payDeps({ plan, payType: 'heytap', region: 'SG', paymentAvailable: true }))
 */
export function payDeps({ plan, payType, region, paymentAvailable }: PlanChoice): PayDeps<Order, DataOf<typeof vipOrderStatus>> {
  return {
    ...hostPay<Order>(payType, () => plan.id),
    paymentAvailable: () => paymentAvailable,
    createOrder: async (attempt) => (await request(vipCreateOrder, { planId: plan.id, payType, region, attempt })).order,
    orderStatus: (orderId) => request(vipOrderStatus, { orderId }),
    cancelOrder: (orderId) => request(vipCancelOrder, { orderId }),
    // The app's own dialog when it has one, else the page's.
    confirmAbandon: () => askHost({ titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon', cancelKey: 'vip.continuePay' }),
  };
}
