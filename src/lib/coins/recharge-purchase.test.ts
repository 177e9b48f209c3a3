// @vitest-environment happy-dom
/**
 * /k-recharge's page state: what comes back is checked against the offer now on screen, and a paid
 * recharge leaves only the position behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import type { Purchase } from '../pay/purchase';
import type { CoinStatus, Offer } from './pay-deps';

const offer = {
  packages: [
    { id: 'coins-60', coins: 60, bonus: 0, price: 600, currency: 'CNY' },
    { id: 'coins-300', coins: 300, bonus: 10, price: 3000, currency: 'CNY' },
  ],
  custom: { min: 10, max: 50000, centsPerCoin: 10, currency: 'CNY' },
  paymentAvailable: true,
} as Offer;
let host: FakeHost;

async function start(saved: unknown) {
  vi.resetModules();
  host = installFakeHost(window, { pageStates: { '/k-recharge': { recharge: saved } } });
  // Fresh modules, so fresh stores: what the page would have after a reload.
  const { keepRecharge } = await import('./recharge-purchase');
  const stores = await import('./recharge-state');
  const stop = keepRecharge();
  return { ...stores, stop };
}
const kept = () => (host.state.pageStates['/k-recharge'] as { recharge?: unknown } | undefined)?.recharge;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
  history.replaceState(null, '', '/k-recharge');
});
afterEach(() => {
  host.uninstall();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/k-recharge page state', () => {
  it('brings the choice back once the offer is there, only a package it still has', async () => {
    let page = await start({ picked: 'coins-60', custom: '', scroll: 0 });
    expect(page.$choice.get().picked).toBeNull();
    page.$offer.set({ state: 'ready', data: offer });
    expect(page.$choice.get()).toEqual({ picked: 'coins-60', custom: '' });
    page.stop();
    host.uninstall();
    sessionStorage.clear(); // where the fake host keeps what a page saved

    page = await start({ picked: 'coins-gone', custom: '12<b>', scroll: 'far' });
    page.$offer.set({ state: 'ready', data: offer });
    expect(page.$choice.get()).toEqual({ picked: null, custom: '' });
    page.stop();
  });

  it("keeps the user's changes, and after a paid recharge only the position", async () => {
    const page = await start(undefined);
    page.$offer.set({ state: 'ready', data: offer });
    page.$choice.set({ picked: 'custom', custom: '1200' });
    vi.advanceTimersByTime(1000);
    expect(kept()).toEqual({ picked: 'custom', custom: '1200', scroll: 0 });
    page.$recharge.set({ state: 'paid' } as Purchase<CoinStatus>);
    expect(kept()).toEqual({ scroll: 0 });
    page.stop();
  });

  it('holds the saved position while the page settles, then leaves scrolling to the user', async () => {
    let y = 0;
    let bottom = 29; // drawn only in part so far
    Object.defineProperty(window, 'scrollY', { get: () => y, configurable: true });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, to: number) => void (y = Math.min(to, bottom))) as never);
    const page = await start({ picked: null, custom: '', scroll: 300 });
    page.$offer.set({ state: 'ready', data: offer });
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(scrollTo).toHaveBeenCalledWith(0, 300);
    expect(y).toBe(29);
    bottom = 2000; // the rest is drawn
    await vi.advanceTimersByTimeAsync(100);
    expect(y).toBe(300);
    await vi.advanceTimersByTimeAsync(1000);
    y = 120; // the user scrolls
    await vi.advanceTimersByTimeAsync(1000);
    expect(y).toBe(120);
    page.stop();
    delete (window as { scrollY?: number }).scrollY;
  });
});
