/**
 * The pay flow's dependencies for a coin recharge: the host's side (src/lib/pay/host.ts), the coin
 * order endpoints, and the coin wording for "abandon this recharge?".
 */
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import type { coinPackages } from '../../shared/api/endpoints/coins';
import { coinCancelOrder, coinCreateOrder, coinOrderStatus } from '../../shared/api/endpoints/coins-orders';
import type { PayDeps } from '../pay/flow';
import { askHost, hostPay } from '../pay/host';

/** A package, or a custom number of coins. */
export type Recharge = ({ packageId: string } | { coins: number }) & { payType: string; region: string; paymentAvailable: boolean };

export type CoinOrder = DataOf<typeof coinCreateOrder>['order'];
/** The packages and limits the server offers in the user's region (coinPackages). */
export type Offer = DataOf<typeof coinPackages>;
export type CoinStatus = DataOf<typeof coinOrderStatus>;

/**
 * @example await pay(attempt, coinPayDeps({ packageId: 'coins-300', payType: '1', region: 'SG', paymentAvailable: true }))
 */
export function coinPayDeps(recharge: Recharge): PayDeps<CoinOrder, CoinStatus> {
  const { payType, region, paymentAvailable } = recharge;
  const what = 'packageId' in recharge ? { packageId: recharge.packageId } : { coins: recharge.coins };
  return {
    ...hostPay<CoinOrder>(payType, (order) => order.packageId ?? 'coins-custom'),
    paymentAvailable: () => paymentAvailable,
    createOrder: async (attempt) => (await request(coinCreateOrder, { ...what, payType, region, attempt })).order,
    orderStatus: (orderId) => request(coinOrderStatus, { orderId }),
    cancelOrder: (orderId) => request(coinCancelOrder, { orderId }),
    // The app's own dialog when it has one, else the page's.
    confirmAbandon: () =>
      askHost({ titleKey: 'coins.abandonTitle', messageKey: 'coins.abandonMessage', confirmKey: 'coins.abandon', cancelKey: 'coins.continuePay' }),
  };
}
