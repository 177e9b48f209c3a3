/**
 * The host's side of the pay flow, the same for every product: who may pay, the provider's cashier
 * (`startPayWeb` → `onPayCallback`), `paySuccess`. Products add their order endpoints and wording
 * (src/lib/vip/pay-deps.ts, src/lib/coins/pay-deps.ts).
 */
import { command, commandWithReply, onHost, query } from '../bridge';
import type { PayDeps, PayOrder, PayResult } from './flow';

// The user may spend a long time in the provider's cashier; past this the button works again.
const CASHIER_WAIT_MS = 30 * 60_000;
// The cashier's answer normally arrives as the page comes back (onResume). Still none this long after:
// it was lost (the app restarted, an old app version), and the flow asks the server instead.
export const LOST_ANSWER_MS = 3000;

/**
 * @example { ...hostPay('1', (order) => order.planId), createOrder, orderStatus, … }
 */
export function hostPay<O extends PayOrder & { amount: number }>(
  payType: string,
  productOf: (order: O) => string,
): Pick<PayDeps<O>, 'account' | 'startPay' | 'paid' | 'sleep'> {
  return {
    ...hostConfirm,
    account: () => ({ signedIn: query('accountInfo').isLogin === true, provider: query('isHeytapLogin') }),
    startPay: (order) => {
      const lost = new AbortController();
      let wait: ReturnType<typeof setTimeout> | undefined;
      const off = onHost('onResume', () => {
        clearTimeout(wait);
        wait = setTimeout(() => lost.abort(), LOST_ANSWER_MS);
      });
      return commandWithReply('startPayWeb', { orderId: order.orderId, productId: productOf(order), payType, amount: order.amount }, 'onPayCallback', {
        timeoutMs: CASHIER_WAIT_MS,
        signal: lost.signal,
        match: (result) => String(result.orderId) === order.orderId,
      })
        .catch((error: unknown): PayResult => {
          if (lost.signal.aborted) return { status: 'unknown', orderId: order.orderId };
          throw error;
        })
        .finally(() => {
          clearTimeout(wait);
          off();
        });
    },
  };
}

/**
 * What confirming an order needs of the host, whatever was bought: `paySuccess` once paid, and time.
 * @example await confirm(orderId, { ...hostConfirm, orderStatus })
 */
export const hostConfirm: Pick<PayDeps, 'paid' | 'sleep'> = {
  // The host refreshes the account (membership and coins).
  paid: (orderId) => command('paySuccess', { orderId }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
