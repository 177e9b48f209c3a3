import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/dom-fakes';
import { atom } from 'nanostores';
import type { PayOutcome } from './flow';
import type { Purchase } from './purchase';

// The host: onResume and onPayCallback handlers the test can fire.
const resume = new Set<() => void>();
const payAnswers = new Set<(result: { status: string; orderId: string }) => void>();
vi.mock('../bridge', () => ({
  onHost: (event: { name: string }, handler: () => void) => {
    const handlers = (event.name === 'onPayCallback' ? payAnswers : resume) as Set<() => void>;
    handlers.add(handler);
    return () => handlers.delete(handler);
  },
}));
const toasts: string[] = [];
vi.mock('../stores/ui', () => ({ showToast: (key: string) => void toasts.push(key) }));

const { purchaseModel, RECHECK_AFTER_MS } = await import('./purchase');

type Status = { order: { orderId: string; state: 'created' | 'paid' | 'failed' | 'cancelled' } };
const paid = (orderId: string): PayOutcome<Status> => ({ kind: 'paid', status: { order: { orderId, state: 'paid' } } });

/** A checkout whose answers the test queues; it records the attempt keys it was given. */
function fakeCheckout() {
  const attempts: string[] = [];
  const answers: (PayOutcome<Status> | Error)[] = [];
  const rechecks: (PayOutcome<Status> | Error)[] = [];
  const next = (queue: (PayOutcome<Status> | Error)[]) => {
    const answer = queue.shift() ?? new Error('no answer queued');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return {
    attempts,
    answers,
    rechecks,
    checkout: { pay: (attempt: string) => (attempts.push(attempt), next(answers)), recheck: () => next(rechecks) },
  };
}
const model = (fake: ReturnType<typeof fakeCheckout>, load = async () => fake.checkout) => {
  const $purchase = atom<Purchase<Status>>({ state: 'idle' });
  return { $purchase, ...purchaseModel<string, Status>('test', $purchase, load, (what) => what) };
};

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  toasts.length = 0;
  resume.clear();
  payAnswers.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('purchaseModel', () => {
  it('keeps the attempt while a payment may still arrive, so paying again is the same order', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay } = model(fake);
    fake.answers.push({ kind: 'pending', orderId: 'c-1' }, paid('c-1'));
    await pay('coins-300');
    expect($purchase.get()).toEqual({ state: 'pending', orderId: 'c-1' });
    await pay('coins-300');
    expect(fake.attempts[0]).toBe(fake.attempts[1]);
    expect($purchase.get()).toMatchObject({ state: 'paid', orderId: 'c-1' });
  });

  it('a new purchase of the same thing after a final answer gets a new attempt', async () => {
    const fake = fakeCheckout();
    const { pay } = model(fake);
    fake.answers.push({ kind: 'failed', orderId: 'c-1' }, { kind: 'abandoned', cancelled: true }, paid('c-3'), paid('c-4'));
    for (let i = 0; i < 4; i++) await pay('coins-300');
    expect(new Set(fake.attempts).size).toBe(4);
  });

  it('an abandon the server did not hear keeps the attempt, so the open order is what gets paid', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay } = model(fake);
    fake.answers.push({ kind: 'abandoned', cancelled: false }, paid('c-1'));
    await pay('coins-300');
    expect($purchase.get()).toEqual({ state: 'cancelled' });
    await pay('coins-300');
    expect(fake.attempts[0]).toBe(fake.attempts[1]);
  });

  it('a stale attempt (its order ended elsewhere) is replaced once, and the purchase goes on', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay } = model(fake);
    fake.answers.push({ kind: 'stale', orderId: 'c-old' }, paid('c-new'));
    await pay('vip-month');
    expect(fake.attempts).toHaveLength(2);
    expect(fake.attempts[0]).not.toBe(fake.attempts[1]);
    expect($purchase.get()).toMatchObject({ state: 'paid', orderId: 'c-new' });
  });

  it('a tap while paying does nothing', async () => {
    const fake = fakeCheckout();
    const { pay } = model(fake);
    fake.answers.push(paid('c-1'));
    await Promise.all([pay('a'), pay('a'), pay('a')]);
    expect(fake.attempts).toHaveLength(1);
  });

  it('a refusal says why, as a message key, and keeps the attempt', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay } = model(fake);
    fake.answers.push({ kind: 'refused', code: 'payRegion' }, paid('c-1'));
    await pay('a');
    expect($purchase.get()).toEqual({ state: 'refused', error: 'error.payRegion' });
    await pay('a');
    expect(fake.attempts[0]).toBe(fake.attempts[1]);
  });

  it('never stays paying: an order that could not be created, or a flow that did not load, toasts and frees the button', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay } = model(fake);
    await pay('a');
    expect($purchase.get()).toEqual({ state: 'idle' });
    const broken = model(fake, () => Promise.reject(new Error('chunk failed')));
    await broken.pay('a');
    expect(broken.$purchase.get()).toEqual({ state: 'idle' });
    expect(toasts).toEqual(['error.generic', 'error.generic']);
  });

  it('never stays checking: a recheck that fails goes back to pending, and the next one can confirm', async () => {
    const fake = fakeCheckout();
    const { $purchase, pay, recheck } = model(fake);
    fake.answers.push({ kind: 'pending', orderId: 'c-1' });
    await pay('a');
    fake.rechecks.push(new Error('offline'), paid('c-1'));
    await recheck();
    expect($purchase.get()).toEqual({ state: 'pending', orderId: 'c-1' });
    await recheck();
    expect($purchase.get()).toMatchObject({ state: 'paid' });
  });

  it('rechecks a pending payment by itself after a delay, and when the app shows the page again', async () => {
    vi.useFakeTimers();
    const fake = fakeCheckout();
    const { $purchase, pay, watch } = model(fake);
    const stop = watch();
    fake.answers.push({ kind: 'pending', orderId: 'c-1' });
    await pay('a');
    fake.rechecks.push({ kind: 'pending', orderId: 'c-1' }, paid('c-1'));
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS);
    expect(fake.rechecks).toHaveLength(1);
    resume.forEach((handler) => handler());
    await vi.advanceTimersByTimeAsync(0);
    expect($purchase.get()).toMatchObject({ state: 'paid' });
    stop();
  });

  it("the cashier's answer that comes after the flow stopped waiting (issue 38) rechecks that order, and no other", async () => {
    const fake = fakeCheckout();
    const { $purchase, pay, watch } = model(fake);
    const stop = watch();
    fake.answers.push({ kind: 'pending', orderId: 'c-1' });
    await pay('a');
    fake.rechecks.push(paid('c-1'));
    payAnswers.forEach((handler) => handler({ status: 'success', orderId: 'c-other' }));
    await Promise.resolve();
    expect(fake.rechecks).toHaveLength(1);
    payAnswers.forEach((handler) => handler({ status: 'success', orderId: 'c-1' }));
    await vi.waitFor(() => expect($purchase.get()).toMatchObject({ state: 'paid', orderId: 'c-1' }));
    stop();
    expect(payAnswers.size).toBe(0);
  });

  it('after a reload, picks up the payment left pending and rechecks it', async () => {
    const before = fakeCheckout();
    before.answers.push({ kind: 'pending', orderId: 'c-9' });
    await model(before).pay('a');
    // The page again: a fresh model over the same sessionStorage.
    const after = fakeCheckout();
    after.rechecks.push(paid('c-9'));
    const reloaded = model(after);
    reloaded.watch();
    await vi.waitFor(() => expect(reloaded.$purchase.get()).toMatchObject({ state: 'paid', orderId: 'c-9' }));
    // Settled: nothing left to pick up.
    const again = model(fakeCheckout());
    again.watch();
    expect(again.$purchase.get()).toEqual({ state: 'idle' });
  });
});
