/**
 * One auto-renewal change, once ./renewal.ts has claimed the switches: the dialog (turning on names the
 * terms, with the next charge's date by the ledger's rules), then the request; the server's renewals
 * are what the switches then show. Loaded on the tap.
 */
import { request } from '../request';
import { vipSetRenewal } from '../../shared/api/endpoints/vip-renewal';
import { confirmDialog, showToast } from '../stores/ui';
import { chargeDate, ledgerOf, type Standing, type Tier } from '../../shared/vip/ledger';
import { setRenewals } from './membership';

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
 * Asks, then sends: rejects with the error that the caller shows.
 * @example await changeRenewal('vip-month-auto', { on: false })
 */
export async function changeRenewal(planId: string, change: TurnOn | { on: false }): Promise<void> {
  let terms: TurnOnTerms | null = null;
  if (change.on) {
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
}
