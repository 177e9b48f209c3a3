/** The membership plans on offer in the user's region, shared by every VIP page that names or sells one. */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { vipPlans, type plan } from '../../shared/api/endpoints/vip';
import { fill, loading, type Loadable } from '../model/loadable';
import { $selfInfo } from '../stores/self-info';

export type Plan = v.InferOutput<typeof plan>;
export type Offer = DataOf<typeof vipPlans>;

/** @example dataOf($plans.get())?.plans */
export const $plans = atom<Loadable<Offer>>(loading());

/**
 * Loads the plans once per page; `again` reloads (a retry after a failure).
 * @example void loadPlans()
 */
export async function loadPlans(again = false): Promise<void> {
  const state = $plans.get().state;
  if (!again && state === 'ready') return;
  await fill($plans, () => request(vipPlans, { region: $selfInfo.get().dev_region }), { keep: true });
}

/**
 * The plan the user starts from: the VIP month, else a month (of the one tier given), else the first.
 * @example defaultPlan(plans)?.id // 'vip-month'
 * @example defaultPlan(plans.filter((p) => p.tier === 'svip'))?.id // 'svip-month'
 */
export const defaultPlan = (plans: Plan[]): Plan | undefined =>
  plans.find((p) => p.tier === 'vip' && p.period === 'month') ?? plans.find((p) => p.period === 'month') ?? plans[0];
