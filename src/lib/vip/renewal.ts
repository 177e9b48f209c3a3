/**
 * Turning a plan's auto-renewal on or off: asked first, then the server's answer is what the switch
 * shows. One change at a time.
 */
import { atom } from 'nanostores';
import { messageKey } from '../api';
import { request } from '../request';
import { vipSetRenewal } from '../api/endpoints/vip-renewal';
import { confirmDialog, showToast } from '../stores/ui';
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
  /** The plan whose auto-renewal this one replaces (at most one contract at a time), if one is on. */
  other?: string;
}

/**
 * Turning on agrees to future charges, so the dialog names the plan, the amount, the period, the date
 * of the next charge and the contract it turns off; turning off asks too.
 * @example await switchRenewal('vip-month-auto', { on: true, terms: { plan: 'VIP · 1 month', amount: '$3.99', period: 'month', date: 'Jan 5, 2027' } })
 * @example await switchRenewal('vip-month-auto', { on: false })
 */
export async function switchRenewal(planId: string, change: { on: true; terms: TurnOnTerms } | { on: false }): Promise<void> {
  if ($switching.get()) return;
  const { on } = change;
  const agreed = await confirmDialog(
    change.on
      ? {
          titleKey: 'vip.turnOnTitle',
          messageKey: change.terms.other ? 'vip.turnOnSwitch' : 'vip.turnOnMessage',
          params: { ...change.terms },
          confirmKey: 'vip.turnOn',
        }
      : { titleKey: 'vip.turnOffTitle', messageKey: 'vip.turnOffMessage', confirmKey: 'vip.turnOff', cancelKey: 'vip.keepOn' },
  );
  if (!agreed) return;
  $switching.set(planId);
  try {
    setRenewals((await request(vipSetRenewal, { planId, on })).renewals);
    showToast(on ? 'vip.turnedOn' : 'vip.turnedOff');
  } catch (error) {
    showToast(messageKey(error));
  } finally {
    $switching.set(null);
  }
}
