/**
 * The idempotency key of one purchase, kept in sessionStorage until the purchase ends: a retry, a
 * reload or back/forward in the middle reuses it, so the server returns the order it already made
 * instead of a second one. One key per thing bought (a plan, a coin package, a custom amount).
 */
import { randomId } from '../../shared/id';

const PREFIX = 'pay-attempt:';

/**
 * The key for buying `what`, made on first use.
 * @example createOrder({ plan: 'vip-month', attempt: attemptFor('vip-month') })
 */
export function attemptFor(what: string): string {
  try {
    const saved = sessionStorage.getItem(PREFIX + what);
    if (saved) return saved;
    const fresh = randomId();
    sessionStorage.setItem(PREFIX + what, fresh);
    return fresh;
  } catch {
    // No storage (disabled, full): the key lives as long as the page, which still covers a retry.
    return (memory[what] ??= randomId());
  }
}

const memory: Record<string, string> = {};

/**
 * The purchase ended (paid, failed, abandoned): the next one gets a new key.
 * @example endAttempt('vip-month')
 */
export function endAttempt(what: string): void {
  delete memory[what];
  try {
    sessionStorage.removeItem(PREFIX + what);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
