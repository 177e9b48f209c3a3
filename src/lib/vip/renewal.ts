/**
 * Turning a plan's auto-renewal on or off: asked first, then the server's answer is what the switch
 * shows. One change at a time: the switches wait while one is asked about or sent.
 */
import { atom } from 'nanostores';
import { messageKey } from '../api';
import { request } from '../request';
import { vipSetRenewal } from '../api/endpoints/vip-renewal';
import { confirmDialog, showToast } from '../stores/ui';
import type { Standing, Tier } from './ledger';
import { setRenewals } from './membership';

/** The plan whose switch is being changed, or null. @example useStore($switching) */
export const $switching = atom<string | null>(null);

/** The terms a dialog names when a switch turns on, formatted by the island. */
export interface TurnOnTerms {
  plan: string;
  amount: string;
  period: string;
  /** The next charge's date. */
  date: string;
  /** The plan whose auto-renewal this one replaces (at most one contract at a time); '' when none is on. */
  other: string;
}

/** Turning a contract on: its tier and the membership it renews, and its terms once the next charge's time is known. */
export interface TurnOn {
  on: true;
  tier: Tier;
  membership: Standing;
  terms: (nextChargeAt: number) => TurnOnTerms;
}

/**
 * Turning on agrees to future charges, so the dialog names the plan, the amount, the period, the date
 * of the next charge (by the ledger's rules, loaded on the tap, not with the page) and the contract it
 * turns off; turning off asks too. Anything that fails (the rules' code offline, the request) says why
 * in a toast, and the switch stays as it was.
 * @example await switchRenewal('vip-month-auto', { on: true, tier: 'vip', membership, terms: (at) => ({ plan, amount, period, date: date(at) }) })
 * @example await switchRenewal('vip-month-auto', { on: false })
 */
export async function switchRenewal(planId: string, change: TurnOn | { on: false }): Promise<void> {
  if ($switching.get()) return;
  $switching.set(planId);
  try {
    let terms: TurnOnTerms | null = null;
    if (change.on) {
      const { chargeDate, ledgerOf } = await import('./ledger');
      // Shown as a date only: the fraction of a second does not matter.
      terms = change.terms(chargeDate(ledgerOf(change.membership), change.tier, Date.now() / 1000));
    }
    const agreed = await confirmDialog(
      terms
        ? { titleKey: 'vip.turnOnTitle', messageKey: terms.other ? 'vip.turnOnSwitch' : 'vip.turnOnMessage', params: { ...terms }, confirmKey: 'vip.turnOn' }
        : { titleKey: 'vip.turnOffTitle', messageKey: 'vip.turnOffMessage', confirmKey: 'vip.turnOff', cancelKey: 'vip.keepOn' },
    );
    if (!agreed) return;
    setRenewals((await request(vipSetRenewal, { planId, on: change.on })).renewals);
    showToast(change.on ? 'vip.turnedOn' : 'vip.turnedOff');
  } catch (error) {
    showToast(messageKey(error));
  } finally {
    $switching.set(null);
  }
}
