/**
 * What /payError says about a failed payment: /channel keeps the provider's message (onPayCallback
 * `message`) for the order in sessionStorage and links /payError with that order's id; /payError
 * shows the message only for that order. Not in the URL: a link anyone can craft must not put words
 * on our page ("call this number for a refund"). The message is cleaned as every provider's is
 * (../pay/reason.ts).
 */
import { pageHref, queryParam } from '../nav';
import { cleanReason } from '../pay/reason';

const KEY = 'pay-failure';
const ORDER_ID = /^[\w-]{1,64}$/;

/**
 * The /payError address for a failed order of `planId`, keeping the provider's message for it.
 * @example location.href = failurePage('vip-month', 'o-abc', 'Card declined')
 */
export function failurePage(planId: string, orderId: string, message?: string): string {
  const reason = cleanReason(message);
  try {
    if (reason && ORDER_ID.test(orderId)) sessionStorage.setItem(KEY, JSON.stringify({ orderId, reason }));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage: /payError says the payment failed, without the provider's words.
  }
  return pageHref('payError', { plan: planId, ...(ORDER_ID.test(orderId) ? { order: orderId } : {}) });
}

/**
 * The provider's message for the order in this page's query, or '' (none kept, another order's).
 * @example failureReason() // 'Card declined'
 */
export function failureReason(): string {
  const orderId = queryParam('order', ORDER_ID);
  if (!orderId) return '';
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!kept || typeof kept !== 'object' || (kept as { orderId?: unknown }).orderId !== orderId) return '';
    // Cleaned again: storage is the page's, but anything on this origin could have written it.
    return cleanReason((kept as { reason?: unknown }).reason);
  } catch {
    return '';
  }
}
