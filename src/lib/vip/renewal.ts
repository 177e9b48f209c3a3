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

/**
 * @param label the plan and amount as the dialog names them (the island formats them)
 * @example await switchRenewal('vip-month-auto', false, { plan: 'VIP · 1 month', amount: '$3.99' })
 */
export async function switchRenewal(planId: string, on: boolean, label: { plan: string; amount: string }): Promise<void> {
  if ($switching.get()) return;
  const agreed = await confirmDialog(
    on
      ? { titleKey: 'vip.turnOnTitle', messageKey: 'vip.turnOnMessage', params: label, confirmKey: 'vip.turnOn' }
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
