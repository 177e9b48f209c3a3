/**
 * The host's side of the pay flow, the same for every product: who may pay, the provider's cashier
 * (`startPayWeb` → `onPayCallback`), `paySuccess` and `clearHistory`, and the app's own dialog for
 * "abandon this purchase?" (`launchHTDialog2`). Products add their order endpoints and wording
 * (src/lib/vip/pay-deps.ts, src/lib/coins/pay-deps.ts).
 */
import type { MessageKey } from '../../shared/message-key';
import { command, commandWithReply, onHost, query, type ReplySignal } from '../bridge';
import { accountInfo, onResume } from '../../shared/bridge/calls/app';
import { isHeytapLogin, launchHTDialogCallback, onPayCallback } from '../../shared/bridge/calls/pay';
import { text } from '../i18n';
import { answerDialog, confirmDialog, type DialogRequest } from '../stores/ui';
import type { PayDeps, PayOrder, PayResult } from './flow';

// The user may spend a long time in the provider's cashier; past this the button works again.
const CASHIER_WAIT_MS = 30 * 60_000;
// The cashier's answer normally arrives as the page comes back (onResume). Still none this long after:
// it was lost (the app restarted, an old app version), and the flow asks the server instead.
export const LOST_ANSWER_MS = 3000;
// An app that sends neither the answer nor onResume (seen: pages stuck on "Confirming" for minutes):
// after this long without either, the flow asks the server too, so the page reaches "Check again" and
// support as soon as with onResume. A user still in the cashier then is not hurt: the page under it
// waits on "pending", and the answer that comes later is still taken (src/lib/pay/purchase.ts).
export const SILENT_CASHIER_MS = 10_000;

/**
 * @example { ...hostPay('1', (order) => order.planId), createOrder, orderStatus, … }
 */
export function hostPay<O extends PayOrder & { amount: number }>(
  payType: string,
  productOf: (order: O) => string,
): Pick<PayDeps<O>, 'account' | 'startPay' | 'paid' | 'sleep'> {
  return {
    ...hostConfirm,
    account: () => ({ signedIn: query(accountInfo).isLogin === true, provider: query(isHeytapLogin) }),
    startPay: (order) => {
      const lost = stopSignal();
      let wait = setTimeout(lost.stop, SILENT_CASHIER_MS);
      const off = onHost(onResume, () => {
        clearTimeout(wait);
        wait = setTimeout(lost.stop, LOST_ANSWER_MS);
      });
      return commandWithReply('startPayWeb', { orderId: order.orderId, productId: productOf(order), payType, amount: order.amount }, onPayCallback, {
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
 * A signal to stop waiting for the cashier's answer with. Not AbortController's: it is Chromium 66,
 * and commandWithReply needs only these three members of one.
 * @example const lost = stopSignal(); commandWithReply(…, { signal: lost.signal }); lost.stop();
 */
function stopSignal(): { signal: ReplySignal; stop: () => void } {
  let listeners: Array<() => void> = [];
  const signal = {
    aborted: false,
    addEventListener: (_type: 'abort', listener: () => void) => void listeners.push(listener),
    removeEventListener: (_type: 'abort', listener: () => void) => {
      listeners = listeners.filter((other) => other !== listener);
    },
  };
  const stop = () => {
    if (signal.aborted) return;
    signal.aborted = true;
    for (const listener of listeners) listener();
  };
  return { signal, stop };
}

/**
 * What confirming an order needs of the host, whatever was bought: `paySuccess` once paid, and time.
 * @example await confirm(orderId, { ...hostConfirm, orderStatus })
 */
export const hostConfirm: Pick<PayDeps, 'paid' | 'sleep'> = {
  paid: (orderId) => {
    // The host refreshes the account (membership and coins).
    command('paySuccess', { orderId });
    // The purchase is over: back must not lead into the cashier (/channel) or the paid form again.
    command('clearHistory');
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * How long the app's own dialog may stay unanswered before the page asks in its own dialog. Long
 * enough for someone reading the question, short enough that an app which never answers (a broken
 * version) does not leave the purchase stuck; an answer that still comes later is taken.
 */
export const HOST_DIALOG_WAIT_MS = 15_000;
// A late answer of the app's dialog is listened for this long (the page's dialog is up meanwhile).
const LATE_ANSWER_MS = 10 * 60_000;

/**
 * Asks a yes/no question in the app's own dialog (`launchHTDialog2`, buttons [cancel, confirm]:
 * index 1 confirms, any other index cancels), or in the page's dialog when the app has no such
 * method or does not answer within HOST_DIALOG_WAIT_MS. Resolves once, with the first answer.
 * @example if (await askHost({ titleKey: 'vip.abandonTitle', messageKey: 'vip.abandonMessage', confirmKey: 'vip.abandon', cancelKey: 'vip.continuePay' })) abandon()
 */
export function askHost(request: DialogRequest & { titleKey: MessageKey; confirmKey: MessageKey; cancelKey: MessageKey }): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    let inPage = false;
    const finish = (confirmed: boolean) => {
      if (answered) return;
      answered = true;
      resolve(confirmed);
    };
    const askInPage = () => {
      if (answered || inPage) return;
      inPage = true;
      void confirmDialog(request).then(finish);
    };
    const wait = setTimeout(askInPage, HOST_DIALOG_WAIT_MS);
    const arg = {
      title: text(request.titleKey),
      content: text(request.messageKey, request.params),
      buttons: [text(request.cancelKey), text(request.confirmKey)],
    };
    commandWithReply('launchHTDialog2', arg, launchHTDialogCallback, { timeoutMs: LATE_ANSWER_MS }).then(
      ({ index }) => {
        clearTimeout(wait);
        if (answered) return;
        finish(index === 1);
        // The app answered after all: the page's own question, if it is up, is no longer asked.
        if (inPage) answerDialog(false);
      },
      () => {
        // No such method in this app (or no host): the page asks instead.
        clearTimeout(wait);
        askInPage();
      },
    );
  });
}
