/**
 * One purchase model for every product (membership, coins): the state the page shows and the verbs
 * that move it. An attempt (the order's idempotency key) is kept until the server says the order is
 * final, so a payment that may still arrive is rechecked — after a delay, when the app shows the page
 * again, on a tap, after a reload — and never ordered a second time. The flow's code loads on the
 * first tap (`load`), not with the page.
 */
import type { WritableAtom } from 'nanostores';
import type { MessageKey } from '../../shared/message-key';
import { messageKey } from '../api/api-error';
import { cleanReason } from './reason';
import { onHost } from '../bridge';
import { onResume } from '../../shared/bridge/calls/app';
import { onPayCallback } from '../../shared/bridge/calls/pay';
import { showToast } from '../stores/ui';
import { attemptFor, endAttempt } from './attempt';
import type { PayOutcome, PayStatus } from './flow';

export type Purchase<S> =
  | { state: 'idle' }
  /** Creating the order, or in the provider's cashier. */
  | { state: 'paying' }
  /** Asking the server about an order that may have been paid. */
  | { state: 'checking'; orderId: string }
  /** The server has not seen the payment yet; it may still arrive. */
  | { state: 'pending'; orderId: string }
  | { state: 'paid'; orderId: string; status: S }
  /** `message`: what the provider said, cleaned (./reason.ts), still shown only as text. */
  | { state: 'failed'; orderId: string; message?: string }
  /** The user abandoned it; the server was told (or will be, when this attempt pays again). */
  | { state: 'cancelled' }
  /** Stopped before any order: the message key says why. */
  | { state: 'refused'; error: MessageKey };

/** A product's flow, as its lazily loaded checkout module gives it. */
export interface Checkout<Intent, S extends PayStatus> {
  pay(attempt: string, intent: Intent): Promise<PayOutcome<S>>;
  recheck(orderId: string): Promise<PayOutcome<S>>;
}

export interface PurchaseModel<Intent> {
  /** Buys `intent` (one attempt per intent name); a tap while one runs does nothing. */
  pay(intent: Intent): Promise<void>;
  /** Asks the server again about a pending payment. */
  recheck(): Promise<void>;
  /** Picks up a payment left pending before a reload and rechecks it whenever the app shows the page again; returns the unsubscribe. */
  watch(): () => void;
}

/** What a refused payment says: the pay flow's `refused` codes (src/lib/pay/flow.ts) → message keys. */
const PAY_REFUSALS = {
  notLoggedIn: 'error.notLoggedIn',
  oppoLoginOnly: 'error.oppoLoginOnly',
  payRegion: 'error.payRegion',
  unavailable: 'shell.openInAppHint',
} as const;

/** A pending payment is asked about again this long after the last answer (spec §8: funds arrive within minutes). */
export const RECHECK_AFTER_MS = 60_000;

const PENDING = 'pay-pending:';

/**
 * The verbs over a product's purchase store. The store is the product's, declared with the page's
 * first-load code; this module and the flow load once the page runs (`once`, src/lib/model/once.ts).
 * @param product names the pending payment kept across a reload (`vip`, `coins`)
 * @param nameOf what is bought, as the attempt's name: the same choice is the same purchase
 * @example purchaseModel('vip', $vipPurchase, () => import('./checkout').then((m) => m.checkout), (p) => p.plan.id)
 */
export function purchaseModel<Intent, S extends PayStatus>(
  product: string,
  $purchase: WritableAtom<Purchase<S>>,
  load: () => Promise<Checkout<Intent, S>>,
  nameOf: (intent: Intent) => string,
): PurchaseModel<Intent> {
  let later: ReturnType<typeof setTimeout> | undefined;
  const busy = () => ['paying', 'checking'].includes($purchase.get().state);

  async function settle(name: string, outcome: PayOutcome<S>): Promise<void> {
    clearTimeout(later);
    if (outcome.kind === 'pending') {
      remember({ name, orderId: outcome.orderId });
      $purchase.set({ state: 'pending', orderId: outcome.orderId });
      later = setTimeout(() => void recheck(), RECHECK_AFTER_MS);
      return;
    }
    if (outcome.kind === 'refused') return $purchase.set({ state: 'refused', error: PAY_REFUSALS[outcome.code] });
    // Final: the next purchase of the same thing is a new one.
    forget();
    if (outcome.kind !== 'abandoned' || outcome.cancelled) endAttempt(name);
    if (outcome.kind === 'paid') $purchase.set({ state: 'paid', orderId: outcome.status.order.orderId, status: outcome.status });
    else if (outcome.kind === 'failed') {
      const message = cleanReason(outcome.message);
      $purchase.set({ state: 'failed', orderId: outcome.orderId, ...(message ? { message } : {}) });
    } else if (outcome.kind === 'abandoned') $purchase.set({ state: 'cancelled' });
    else $purchase.set({ state: 'idle' });
  }

  async function pay(intent: Intent): Promise<void> {
    if (busy()) return;
    const name = nameOf(intent);
    $purchase.set({ state: 'paying' });
    try {
      const checkout = await load();
      let outcome = await checkout.pay(attemptFor(name), intent);
      if (outcome.kind === 'stale') {
        // The kept attempt's order ended elsewhere (another tab, the provider): buy afresh, once.
        endAttempt(name);
        outcome = await checkout.pay(attemptFor(name), intent);
      }
      await settle(name, outcome);
    } catch (error) {
      // The order was not created, or the flow's code did not load: nothing was charged, and the
      // same attempt retries.
      showToast(messageKey(error));
    } finally {
      if ($purchase.get().state === 'paying') $purchase.set({ state: 'idle' });
    }
  }

  async function recheck(): Promise<void> {
    const current = $purchase.get();
    const kept = remembered();
    if (current.state !== 'pending' || !kept) return;
    clearTimeout(later);
    $purchase.set({ state: 'checking', orderId: current.orderId });
    try {
      await settle(kept.name, await (await load()).recheck(current.orderId));
    } catch (error) {
      showToast(messageKey(error));
    } finally {
      if ($purchase.get().state === 'checking') $purchase.set({ state: 'pending', orderId: current.orderId });
    }
  }

  function watch(): () => void {
    const kept = remembered();
    if (kept && $purchase.get().state === 'idle') {
      $purchase.set({ state: 'pending', orderId: kept.orderId });
      void recheck();
    }
    const off = onHost(onResume, () => void recheck());
    // The cashier's answer after the flow stopped waiting for it (src/lib/pay/host.ts SILENT_CASHIER_MS):
    // whatever it says, the server has the last word.
    const late = onHost(onPayCallback, (result) => {
      const current = $purchase.get();
      if (current.state === 'pending' && String(result.orderId) === current.orderId) void recheck();
    });
    return () => {
      off();
      late();
      clearTimeout(later);
    };
  }

  type Kept = { name: string; orderId: string };
  function remember(kept: Kept): void {
    memory = kept;
    try {
      sessionStorage.setItem(PENDING + product, JSON.stringify(kept));
    } catch {
      // No storage: kept for as long as the page lives.
    }
  }
  let memory: Kept | null = null;
  function remembered(): Kept | null {
    try {
      const raw: unknown = JSON.parse(sessionStorage.getItem(PENDING + product) ?? 'null');
      if (raw && typeof raw === 'object' && typeof (raw as Kept).name === 'string' && typeof (raw as Kept).orderId === 'string') return raw as Kept;
      return memory;
    } catch {
      return memory;
    }
  }
  function forget(): void {
    memory = null;
    try {
      sessionStorage.removeItem(PENDING + product);
    } catch {
      // Nothing kept.
    }
  }

  return { pay, recheck, watch };
}
