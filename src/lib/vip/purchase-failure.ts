/**
 * What /payError says about a failed payment: /channel keeps the provider's message (onPayCallback
 * `message`) for the order in sessionStorage and links /payError with that order's id; /payError
 * shows the message only for that order. Not in the URL: a link anyone can craft must not put words
 * on our page ("call this number for a refund"). The message is the provider's, so untrusted: control
 * and format characters (bidi overrides included) go, whitespace collapses, and it is cut short; the
 * page renders it as text.
 */
import { pageHref, queryParam } from '../nav';
import { CC, CF, CN, CO, charClass } from '../char-class';

const KEY = 'pay-failure';
/** Longer than any provider's one-line reason; short enough not to fill the screen. */
export const REASON_MAX = 120;
const ORDER_ID = /^[\w-]{1,64}$/;

/**
 * @example cleanReason('Card\u0007 declined\u202e') // 'Card declined'
 */
export function cleanReason(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  // Line breaks and tabs are spaces first, so the words they separated stay apart.
  const text = raw
    .replace(/\s+/gu, ' ')
    .replace(charClass([CC, CF, CO, CN], 'g'), '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > REASON_MAX ? `${chars.slice(0, REASON_MAX - 1).join('').replace(/\s+$/u, '')}…` : text;
}

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
