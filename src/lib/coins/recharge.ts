/**
 * /k-recharge: the coin balance (the host's figure at once, the ledger's when it answers), the
 * packages and custom-amount limits for the user's region, and the recharge itself, run by the
 * purchase model (src/lib/pay/purchase.ts) so a recharge that may still arrive is never ordered twice.
 * What the user is choosing and how far they scrolled survive the app recreating the WebView
 * (./recharge-purchase, loaded once the page runs).
 */
import { atom, computed } from 'nanostores';
import { request } from '../request';
import { coinBalance, coinPackages } from '../../shared/api/endpoints/coins';
import { onHost, query } from '../bridge';
import { onResume } from '../../shared/bridge/calls/app';
import { getKCoins } from '../../shared/bridge/calls/coins';
import { fill } from '../model/loadable';
import { once, watchLoaded } from '../model/once';
import { withLoaded } from '../model/with-loaded';
import { $selfInfo } from '../stores/self-info';
import { reconcileBalance } from './balance';
import { $choice, $offer, $recharge } from './recharge-state';
import type { Offer } from './pay-deps';

export type { Offer };

export type Package = Offer['packages'][number];
/** A package, or a number of coins typed by the user. */
export type Choice = { packageId: string } | { coins: number };

const $hostCoins = atom<number | null>(null);
const $ledger = atom<{ balance: number; pending: number } | null>(null);

/** What to show as the balance (src/lib/coins/balance.ts), or null before anyone has answered. */
export const $balance = computed([$hostCoins, $ledger], reconcileBalance);
export { $choice, $offer, $recharge };

/** @example onChoose={pick} */
export const pick = (picked: string): void => $choice.setKey('picked', picked);

/** Digits only, at most nine. @example typeCustom('1200') */
export const typeCustom = (typed: string): void => $choice.setKey('custom', typed.replace(/\D/g, '').slice(0, 9));

// The purchase model and the page state load once the page runs, not with it (./recharge-purchase).
const model = once(() => import('./recharge-purchase').then((m) => m.rechargeModel()));

/**
 * The host's balance now and the ledger's when it answers (a failure keeps the host's).
 * @example onHost(onResume, refreshBalance)
 */
export async function refreshBalance(): Promise<void> {
  $hostCoins.set(query(getKCoins).balance);
  try {
    $ledger.set(await request(coinBalance, {}));
  } catch {
    // The host's figure stays, marked as not yet confirmed.
  }
}

/** @example onRetry={loadOffer} */
export const loadOffer = (): Promise<void> => fill($offer, () => request(coinPackages, { region: $selfInfo.get().dev_region }), { keep: true });

/**
 * Everything the page shows, loaded now and the balance again whenever the app shows the page;
 * a recharge left pending before a reload is picked up. Returns the unsubscribe.
 * @example useEffect(() => (signedIn ? openRecharge() : undefined), [signedIn])
 */
export function openRecharge(): () => void {
  void refreshBalance();
  void loadOffer();
  const stop = watchLoaded(model);
  const off = onHost(onResume, () => void refreshBalance());
  return () => {
    stop();
    off();
  };
}

/**
 * Recharges `choice` with a payment method; paid, the balance is the server's.
 * @example await recharge({ packageId: 'coins-300' }, '1')
 */
export async function recharge(choice: Choice, payType: string): Promise<void> {
  const offer = $offer.get();
  if (offer.state !== 'ready') return;
  await withLoaded(model, (m) => m.pay({ ...choice, payType, region: $selfInfo.get().dev_region, paymentAvailable: offer.data.paymentAvailable }));
}

/** Asks the server again about a recharge left pending. @example onClick={recheckRecharge} */
export const recheckRecharge = (): Promise<void> => withLoaded(model, (m) => m.recheck());

// However the payment was confirmed (the tap, a recheck later, after a reload), the balance is the
// server's at once, and the ledger's pending coins follow.
$recharge.listen((purchase) => {
  if (purchase.state !== 'paid') return;
  $ledger.set({ balance: purchase.status.balance, pending: $ledger.get()?.pending ?? 0 });
  void refreshBalance();
});

/**
 * A typed custom amount: its coins, or the reason it cannot be bought (a message key with params).
 * @example customAmount('5', offer.custom) // { error: 'coins.customRange', params: { min: 10, max: 50000 } }
 */
export function customAmount(
  typed: string,
  limits: Offer['custom'],
): { coins: number } | { error: 'coins.customRange'; params: { min: number; max: number } } | null {
  if (typed === '') return null;
  const coins = /^\d{1,9}$/.test(typed) ? Number(typed) : NaN;
  return coins >= limits.min && coins <= limits.max ? { coins } : { error: 'coins.customRange', params: { min: limits.min, max: limits.max } };
}
