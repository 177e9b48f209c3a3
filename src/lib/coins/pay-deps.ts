/**
 * The pay flow's dependencies for a coin recharge: the same flow as membership (src/lib/pay/flow.ts),
 * with the coin order endpoints and the coin wording for "abandon this recharge?".
 */
import '../api-identity';
import { request } from '../api';
import type { DataOf } from '../api/endpoint';
import { coinCreateOrder, coinOrderStatus } from '../api/endpoints/coins';
import { command, commandWithReply, query } from '../bridge';
import type { PayDeps } from '../pay/flow';
import { confirmDialog } from '../stores/ui';

// The user may spend a long time in the provider's cashier; past this the button works again.
const CASHIER_WAIT_MS = 30 * 60_000;

/** A package, or a custom number of coins. */
export type Recharge = ({ packageId: string } | { coins: number }) & { payType: string; region: string; paymentAvailable: boolean };

export type CoinOrder = DataOf<typeof coinCreateOrder>['order'];
export type CoinStatus = DataOf<typeof coinOrderStatus>;

/**
 * @example await payOnce(attempt, coinPayDeps({ packageId: 'coins-300', payType: '1', region: 'SG', paymentAvailable: true }))
 */
export function coinPayDeps(recharge: Recharge): PayDeps<CoinOrder, CoinStatus> {
  const { payType, region, paymentAvailable } = recharge;
  const what = 'packageId' in recharge ? { packageId: recharge.packageId } : { coins: recharge.coins };
  return {
    account: () => ({ signedIn: query('accountInfo').isLogin === true, provider: query('isHeytapLogin') }),
    paymentAvailable: () => paymentAvailable,
    createOrder: async (attempt) => (await request(coinCreateOrder, { ...what, payType, region, attempt })).order,
    orderStatus: (orderId) => request(coinOrderStatus, { orderId }),
    startPay: (order) =>
      commandWithReply('startPayWeb', { orderId: order.orderId, productId: order.packageId ?? 'coins-custom', payType, amount: order.amount }, 'onPayCallback', {
        timeoutMs: CASHIER_WAIT_MS,
        match: (result) => String(result.orderId) === order.orderId,
      }),
    // The host refreshes the account, coins included, as after a membership purchase.
    paid: (orderId) => command('paySuccess', { orderId }),
    confirmAbandon: () =>
      confirmDialog({ titleKey: 'coins.abandonTitle', messageKey: 'coins.abandonMessage', confirmKey: 'coins.abandon', cancelKey: 'coins.continuePay' }),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
