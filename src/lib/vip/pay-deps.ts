/**
 * The pay flow's dependencies in a page: the bridge for the host's part, the API for the server's,
 * the confirm dialog for "abandon this purchase?", and the membership store for the result.
 */
import '../api-identity';
import { request } from '../api';
import { vipCreateOrder, vipOrderStatus, type plan } from '../api/endpoints/vip';
import type * as v from 'valibot';
import { command, commandWithReply, query } from '../bridge';
import { confirmDialog } from '../stores/ui';
import { syncMembership } from './membership';
import type { DataOf } from '../api/endpoint';
import type { PayDeps } from '../pay/flow';

type Plan = v.InferOutput<typeof plan>;

// The user may spend a long time in the provider's cashier; past this the button works again.
const CASHIER_WAIT_MS = 30 * 60_000;

export interface Purchase {
  plan: Plan;
  payType: string;
  region: string;
  paymentAvailable: boolean;
}

/**
 * Dependencies for buying one plan with one payment method.
 * @example await payOnce(attempt, payDeps({ plan, payType: 'heytap', region: 'SG', paymentAvailable: true }))
 */
export function payDeps({ plan, payType, region, paymentAvailable }: Purchase): PayDeps<DataOf<typeof vipCreateOrder>['order'], DataOf<typeof vipOrderStatus>> {
  return {
    account: () => ({ signedIn: query('accountInfo').isLogin === true, provider: query('isHeytapLogin') }),
    paymentAvailable: () => paymentAvailable,
    createOrder: async (attempt) => (await request(vipCreateOrder, { planId: plan.id, payType, region, attempt })).order,
    orderStatus: (orderId) => request(vipOrderStatus, { orderId }),
    startPay: (order) =>
      commandWithReply('startPayWeb', { orderId: order.orderId, productId: plan.id, payType, amount: order.amount }, 'onPayCallback', {
        timeoutMs: CASHIER_WAIT_MS,
        match: (result) => String(result.orderId) === order.orderId,
      }),
    paid: (orderId) => command('paySuccess', { orderId }),
    confirmAbandon: () =>
      confirmDialog({ titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon', cancelKey: 'vip.continuePay' }),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

export { syncMembership };
