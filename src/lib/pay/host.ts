/**
 * The host's side of the pay flow, the same for every product: who may pay, the provider's cashier
 * (`startPayWeb` → `onPayCallback`), `paySuccess`. Products add their order endpoints and wording
 * (src/lib/vip/pay-deps.ts, src/lib/coins/pay-deps.ts).
 */
import { command, commandWithReply, query } from '../bridge';
import type { PayDeps, PayOrder } from './flow';

// The user may spend a long time in the provider's cashier; past this the button works again.
const CASHIER_WAIT_MS = 30 * 60_000;

/**
 * @example { ...hostPay('1', (order) => order.planId), createOrder, orderStatus, … }
 */
export function hostPay<O extends PayOrder & { amount: number }>(
  payType: string,
  productOf: (order: O) => string,
): Pick<PayDeps<O>, 'account' | 'startPay' | 'paid' | 'sleep'> {
  return {
    account: () => ({ signedIn: query('accountInfo').isLogin === true, provider: query('isHeytapLogin') }),
    startPay: (order) =>
      commandWithReply('startPayWeb', { orderId: order.orderId, productId: productOf(order), payType, amount: order.amount }, 'onPayCallback', {
        timeoutMs: CASHIER_WAIT_MS,
        match: (result) => String(result.orderId) === order.orderId,
      }),
    // The host refreshes the account (membership and coins).
    paid: (orderId) => command('paySuccess', { orderId }),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
