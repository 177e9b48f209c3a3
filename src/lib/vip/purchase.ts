/**
 * Buying a membership plan (/channel): the purchase model (src/lib/pay/purchase.ts) over this page's
 * store. The model and the VIP checkout load once the page runs, not with it.
 */
import { atom } from 'nanostores';
import type { DataOf } from '../../shared/api/endpoint';
import type { vipOrderStatus } from '../../shared/api/endpoints/vip-order';
import { dataOf } from '../model/loadable';
import { once, watchLoaded } from '../model/once';
import { withLoaded } from '../model/with-loaded';
import type { Purchase } from '../pay/purchase';
import { $selfInfo } from '../stores/self-info';
import type { PlanChoice } from './pay-deps';
import { $plans } from './plans';

type Status = DataOf<typeof vipOrderStatus>;

/** @example useStore($vipPurchase).state // 'pending' */
export const $vipPurchase = atom<Purchase<Status>>({ state: 'idle' });

const model = once(() =>
  import('../pay/purchase').then(({ purchaseModel }) =>
    purchaseModel<PlanChoice, Status>(
      'vip',
      $vipPurchase,
      () => import('./checkout').then((m) => m.checkout),
      (purchase) => purchase.plan.id,
    ),
  ),
);

/**
 * Buys the plan with a payment method, from the offer already loaded.
 * @example await payPlan('vip-month', 'heytap')
 */
export async function payPlan(planId: string, payType: string): Promise<void> {
  const offer = dataOf($plans.get());
  const plan = offer?.plans.find((p) => p.id === planId);
  if (!offer || !plan) return;
  await withLoaded(model, (m) => m.pay({ plan, payType, region: $selfInfo.get().dev_region, paymentAvailable: offer.paymentAvailable }));
}

/** @example button.onclick = recheckPlan */
export const recheckPlan = (): Promise<void> => withLoaded(model, (m) => m.recheck());

/**
 * Picks up a payment left pending and rechecks it when the app shows the page again.
 * @example useEffect(watchPlanPayment, [])
 */
export const watchPlanPayment = (): (() => void) => watchLoaded(model);
