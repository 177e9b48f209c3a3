/**
 * The pay flow, one for every product (membership and coin recharge): guard → create
 * the order once per attempt → `startPayWeb` → `onPayCallback` → on success, confirm with the server
 * (only the server's order state turns a purchase into membership or coins) → `paySuccess`. A plain
 * function over injected dependencies, so every outcome is unit-tested without a page; each product
 * supplies its own order endpoints and wording (src/lib/vip/pay-deps.ts, src/lib/coins/pay-deps.ts).
 */

/** What the flow needs of an order: its id, and its state (an old attempt may find it settled). */
export interface PayOrder {
  orderId: string;
  state: 'created' | 'paid' | 'failed' | 'cancelled';
}
/** What the flow needs of the server's answer about an order: its state. */
export interface PayStatus {
  order: { orderId: string; state: 'created' | 'paid' | 'failed' | 'cancelled' };
}
/** The cashier's answer; `unknown`: the page is back but no answer came (a lost callback). */
export type PayResult = { status: 'success' | 'failed' | 'cancel' | 'unknown'; orderId: string | number; message?: string };

export type PayOutcome<Status extends PayStatus = PayStatus> =
  /** The server says paid: membership or balance is what `status` reports. */
  | { kind: 'paid'; status: Status }
  /** The host reported success but the server has not confirmed yet: show "check again". */
  | { kind: 'pending'; orderId: string }
  /** `message`: the provider's words from onPayCallback, untrusted text, when it gave any. */
  | { kind: 'failed'; orderId: string; message?: string }
  /** The user chose to abandon the purchase after cancelling; `cancelled`: the server heard it. */
  | { kind: 'abandoned'; cancelled: boolean }
  /** The attempt's order was already failed or cancelled: the purchase needs a new attempt. */
  | { kind: 'stale'; orderId: string }
  /** Stopped before any payment: not signed in, not the provider's account, region, no host. */
  | { kind: 'refused'; code: 'notLoggedIn' | 'oppoLoginOnly' | 'payRegion' | 'unavailable' };

export interface PayDeps<Order extends PayOrder = PayOrder, Status extends PayStatus = PayStatus> {
  /** Is the user signed in, with the provider's account (isHeytapLogin)? */
  account(): { signedIn: boolean; provider: boolean };
  paymentAvailable(): boolean;
  createOrder(attempt: string): Promise<Order>;
  orderStatus(orderId: string): Promise<Status>;
  /** `startPayWeb`, resolved by the `onPayCallback` for this order (rejects when the host is absent). */
  startPay(order: Order): Promise<PayResult>;
  /** Tells the host to refresh membership (`paySuccess`). */
  paid(orderId: string): void;
  /** "Abandon this purchase?": true abandons, false pays again. */
  confirmAbandon(): Promise<boolean>;
  /** Tells the server the user abandoned the order, so history and records say "Cancelled". */
  cancelOrder(orderId: string): Promise<unknown>;
  sleep(ms: number): Promise<void>;
}

/** Server confirmation: polled with backoff for about 30 s, then reported as pending. */
export const CONFIRM_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 8000, 8000];

/**
 * Runs one purchase attempt to its end. `attempt` is the idempotency key of this purchase: a retry
 * after a network error passes the same key, so the server returns the same order, never a second one.
 * @example const outcome = await pay(newAttempt(), deps)
 */
export async function pay<O extends PayOrder, S extends PayStatus>(attempt: string, deps: PayDeps<O, S>): Promise<PayOutcome<S>> {
  const { signedIn, provider } = deps.account();
  if (!signedIn) return { kind: 'refused', code: 'notLoggedIn' };
  if (!provider) return { kind: 'refused', code: 'oppoLoginOnly' };
  if (!deps.paymentAvailable()) return { kind: 'refused', code: 'payRegion' };

  const order = await deps.createOrder(attempt);
  // The same attempt finds the order it made before (a reload, a second tap): never pay it twice.
  if (order.state === 'paid') return confirm(order.orderId, deps);
  if (order.state !== 'created') return { kind: 'stale', orderId: order.orderId };
  for (;;) {
    let result: PayResult;
    try {
      result = await deps.startPay(order);
    } catch {
      return { kind: 'refused', code: 'unavailable' };
    }
    // A lost answer is not a failure: the server heard from the provider either way, so ask it.
    if (result.status === 'success' || result.status === 'unknown') return confirm(order.orderId, deps);
    if (result.status === 'failed') return { kind: 'failed', orderId: order.orderId, ...(result.message ? { message: result.message } : {}) };
    if (await deps.confirmAbandon()) return abandon(order.orderId, deps);
  }
}

async function abandon(orderId: string, deps: Pick<PayDeps, 'cancelOrder'>): Promise<PayOutcome<never>> {
  try {
    await deps.cancelOrder(orderId);
    return { kind: 'abandoned', cancelled: true };
  } catch {
    // Unheard, the order stays open on the server: the attempt is kept, so buying again pays it.
    return { kind: 'abandoned', cancelled: false };
  }
}

/**
 * Asks the server until the order is paid or failed, or the time is up; `paySuccess` only once paid.
 * Also what a page calls on `onResume` for an order left pending.
 * @example await confirm('o-123', deps) // { kind: 'paid', status }
 */
export async function confirm<S extends PayStatus>(
  orderId: string,
  deps: Pick<PayDeps<PayOrder, S>, 'orderStatus' | 'paid' | 'sleep'>,
): Promise<PayOutcome<S>> {
  for (const delay of [0, ...CONFIRM_DELAYS_MS]) {
    if (delay) await deps.sleep(delay);
    let status: S;
    try {
      status = await deps.orderStatus(orderId);
    } catch {
      // A network hiccup while confirming is not a failed payment: keep asking.
      continue;
    }
    if (status.order.state === 'paid') {
      deps.paid(orderId);
      return { kind: 'paid', status };
    }
    if (status.order.state === 'failed' || status.order.state === 'cancelled') return { kind: 'failed', orderId };
  }
  return { kind: 'pending', orderId };
}

// One purchase at a time on a page, whatever the product.
let running: Promise<PayOutcome<PayStatus>> | null = null;

/**
 * `pay`, but a second tap while a purchase runs joins it instead of starting another.
 * @example button.onclick = () => payOnce(attempt, deps)
 */
export function payOnce<O extends PayOrder, S extends PayStatus>(attempt: string, deps: PayDeps<O, S>): Promise<PayOutcome<S>> {
  running ??= pay(attempt, deps).finally(() => {
    running = null;
  });
  return running as Promise<PayOutcome<S>>;
}
