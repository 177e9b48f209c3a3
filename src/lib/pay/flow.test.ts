import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_DELAYS_MS, confirm, pay, payOnce, type PayDeps } from './flow';

const order = { orderId: 'o-1', planId: 'vip-month', amount: 1200, currency: 'CNY', state: 'created' as const, createdAt: 1, paidAt: null };
const status = (state: 'created' | 'paid' | 'failed' | 'cancelled') => ({
  order: { ...order, state },
  membership: { tier: 'vip' as const, expiresAt: 2_000_000_000, svipUntil: null },
  grant: null,
  replaced: null,
});

function deps(overrides: Partial<PayDeps> = {}): PayDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    account: () => ({ signedIn: true, provider: true }),
    paymentAvailable: () => true,
    createOrder: vi.fn(async (attempt: string) => (calls.push(`order:${attempt}`), order)),
    orderStatus: vi.fn(async () => status('paid')),
    startPay: vi.fn(async () => (calls.push('startPay'), { status: 'success' as const, orderId: 'o-1' })),
    paid: vi.fn((id: string) => void calls.push(`paid:${id}`)),
    confirmAbandon: vi.fn(async () => true),
    cancelOrder: vi.fn(async (id: string) => void calls.push(`cancel:${id}`)),
    sleep: vi.fn(async () => {}),
    ...overrides,
  };
}

describe('pay', () => {
  it('creates the order, pays, confirms with the server, then tells the host', async () => {
    const d = deps();
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'paid', status: status('paid') });
    expect(d.calls).toEqual(['order:attempt-0000000001', 'startPay', 'paid:o-1']);
  });

  it.each([
    [{ signedIn: false, provider: false }, true, 'notLoggedIn'],
    [{ signedIn: true, provider: false }, true, 'oppoLoginOnly'],
    [{ signedIn: true, provider: true }, false, 'payRegion'],
  ] as const)('refuses before any order: %j, payment available %s → %s', async (account, available, code) => {
    const d = deps({ account: () => account, paymentAvailable: () => available });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'refused', code });
    expect(d.createOrder).not.toHaveBeenCalled();
    expect(d.startPay).not.toHaveBeenCalled();
  });

  it("reports a failed payment, with the provider's words, without confirming or calling paySuccess", async () => {
    const d = deps({ startPay: async () => ({ status: 'failed', orderId: 'o-1', message: 'card declined' }) });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'failed', orderId: 'o-1', message: 'card declined' });
    expect(d.orderStatus).not.toHaveBeenCalled();
    expect(d.paid).not.toHaveBeenCalled();
  });

  it('a lost answer (back in the page, no callback) asks the server: paid there is paid here', async () => {
    const d = deps({ startPay: async () => ({ status: 'unknown', orderId: 'o-1' }) });
    expect(await pay('attempt-0000000001', d)).toMatchObject({ kind: 'paid' });
    expect(d.orderStatus).toHaveBeenCalledWith('o-1');
    expect(d.paid).toHaveBeenCalledTimes(1);
  });

  it('cancel → abandon ends the purchase and cancels its order on the server', async () => {
    const d = deps({ startPay: async () => ({ status: 'cancel', orderId: 'o-1' }), confirmAbandon: async () => true });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'abandoned', cancelled: true });
    expect(d.calls).toEqual(['order:attempt-0000000001', 'cancel:o-1']);
    expect(d.paid).not.toHaveBeenCalled();
  });

  it('an abandon the server did not hear says so, so the attempt is kept', async () => {
    const d = deps({ startPay: async () => ({ status: 'cancel', orderId: 'o-1' }), cancelOrder: async () => Promise.reject(new Error('offline')) });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'abandoned', cancelled: false });
  });

  it('an attempt whose order is already paid confirms it and never opens the cashier again', async () => {
    const d = deps({ createOrder: vi.fn(async () => ({ ...order, state: 'paid' as const })) });
    expect(await pay('attempt-0000000001', d)).toMatchObject({ kind: 'paid' });
    expect(d.startPay).not.toHaveBeenCalled();
  });

  it.each(['failed', 'cancelled'] as const)('an attempt whose order is already %s is stale: no payment on it', async (state) => {
    const d = deps({ createOrder: vi.fn(async () => ({ ...order, state })) });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'stale', orderId: 'o-1' });
    expect(d.startPay).not.toHaveBeenCalled();
  });

  it('cancel → continue pays the same order again', async () => {
    const results = [
      { status: 'cancel' as const, orderId: 'o-1' },
      { status: 'success' as const, orderId: 'o-1' },
    ];
    const d = deps({ startPay: vi.fn(async () => results.shift()!), confirmAbandon: async () => false });
    expect((await pay('attempt-0000000001', d)).kind).toBe('paid');
    expect(d.startPay).toHaveBeenCalledTimes(2);
    expect(d.createOrder).toHaveBeenCalledTimes(1);
  });

  it('without a host it stops as unavailable', async () => {
    const d = deps({ startPay: async () => Promise.reject(new Error('unavailable')) });
    expect(await pay('attempt-0000000001', d)).toEqual({ kind: 'refused', code: 'unavailable' });
  });

  it('lets a network error creating the order reach the caller, who retries with the same attempt', async () => {
    const failing = deps({ createOrder: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'noInternet' }))) });
    await expect(pay('attempt-0000000001', failing)).rejects.toMatchObject({ code: 'noInternet' });
    const retry = deps();
    await pay('attempt-0000000001', retry);
    expect(retry.createOrder).toHaveBeenCalledWith('attempt-0000000001');
  });
});

describe('confirm', () => {
  it('polls with backoff until the server says paid', async () => {
    const states = ['created', 'created', 'paid'] as const;
    const d = deps({ orderStatus: vi.fn(async () => status(states[Math.min(2, (d.orderStatus as any).mock.calls.length - 1)]!)) });
    expect((await confirm('o-1', d)).kind).toBe('paid');
    expect(d.sleep).toHaveBeenNthCalledWith(1, CONFIRM_DELAYS_MS[0]);
    expect(d.sleep).toHaveBeenNthCalledWith(2, CONFIRM_DELAYS_MS[1]);
    expect(d.paid).toHaveBeenCalledTimes(1);
  });

  it('gives up after about 30 s as pending, never calling paySuccess', async () => {
    const d = deps({ orderStatus: vi.fn(async () => status('created')) });
    expect(await confirm('o-1', d)).toEqual({ kind: 'pending', orderId: 'o-1' });
    const waited = CONFIRM_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(25_000);
    expect(waited).toBeLessThanOrEqual(35_000);
    expect(d.paid).not.toHaveBeenCalled();
  });

  it('keeps asking through network errors', async () => {
    let n = 0;
    const d = deps({ orderStatus: vi.fn(async () => (++n < 3 ? Promise.reject(new Error('offline')) : status('paid'))) });
    expect((await confirm('o-1', d)).kind).toBe('paid');
  });

  it('stops at a failed order', async () => {
    expect(await confirm('o-1', deps({ orderStatus: async () => status('failed') }))).toEqual({ kind: 'failed', orderId: 'o-1' });
  });
});

describe('payOnce', () => {
  it('a double tap runs one purchase', async () => {
    const d = deps();
    const [a, b] = [payOnce('attempt-0000000001', d), payOnce('attempt-0000000001', d)];
    expect(a).toBe(b);
    await a;
    expect(d.createOrder).toHaveBeenCalledTimes(1);
    expect(d.startPay).toHaveBeenCalledTimes(1);
  });

  it('after one purchase ends, the next tap starts a new one', async () => {
    const d = deps();
    await payOnce('attempt-0000000001', d);
    await payOnce('attempt-0000000002', d);
    expect(d.createOrder).toHaveBeenCalledTimes(2);
  });
});
