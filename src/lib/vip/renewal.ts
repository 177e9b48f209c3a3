/**
 * Turning a plan's auto-renewal on or off: asked first, then the server's answer is what the switch
 * shows. One change at a time: the switches wait while one is asked about or sent. What a change
 * runs (the ledger's rules, the dialog's terms, the request) loads on the tap (./renewal-change.ts),
 * not with the page.
 */
import { atom } from 'nanostores';
import { messageKey } from '../api';
import { showToast } from '../stores/ui';
import type { TurnOn } from './renewal-change';

export type { TurnOn, TurnOnTerms } from './renewal-change';

/** The plan whose switch is being changed, or null. @example useStore($switching) */
export const $switching = atom<string | null>(null);

/**
 * Turning on agrees to future charges, so the dialog names the plan, the amount, the period, the date
 * of the next charge (by the ledger's rules) and the contract it turns off; turning off asks too.
 * Anything that fails (the change's code offline, the request) says why in a toast, and the switch
 * stays as it was.
 * @example await switchRenewal('vip-month-auto', { on: true, tier: 'vip', membership, terms: (at) => ({ plan, amount, period, date: date(at) }) })
 * @example await switchRenewal('vip-month-auto', { on: false })
 */
export async function switchRenewal(planId: string, change: TurnOn | { on: false }): Promise<void> {
  if ($switching.get()) return;
  $switching.set(planId);
  try {
    await (await import('./renewal-change')).changeRenewal(planId, change);
  } catch (error) {
    showToast(messageKey(error));
  } finally {
    $switching.set(null);
  }
}
