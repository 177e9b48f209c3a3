/**
 * The VIP area's view of the account: membership and auto-renewals as the server knows them. Every
 * page that shows membership (/vip-center, /vip-management, /renewal-management, /exchange-members)
 * loads it here, and it lands in the one membership store (src/lib/stores/membership.ts), where the
 * server's word wins over the host's.
 */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { vipStatus, type membership, type renewal } from '../../shared/api/endpoints/vip';
import { dataOf, fill, loading, type Loadable } from '../model/loadable';
import { $membership, setMembership } from '../stores/membership';

export type VipStatus = DataOf<typeof vipStatus>;
export type Renewal = v.InferOutput<typeof renewal>;

/** @example dataOf($vipStatus.get())?.renewals */
export const $vipStatus = atom<Loadable<VipStatus>>(loading());

/**
 * The server's membership into the one store, where it wins over the host's from now on.
 * @example setServerMembership({ tier: 'vip', expiresAt: 1798156799, svipUntil: null })
 */
export function setServerMembership({ tier, expiresAt }: v.InferOutput<typeof membership>): void {
  const active = tier !== 'none';
  setMembership(
    {
      isLogin: true,
      avatar: $membership.get().userInfo_?.avatar,
      nickname: $membership.get().userInfo_?.nickname,
      vip: { is_vip: active ? 1 : 0, valid_time: expiresAt ?? 0 },
      vipType: tier === 'vip' ? 1 : 0,
      svipType: tier === 'svip' ? 1 : 0,
      is_member: active ? 1 : 0,
    },
    { server: true },
  );
}

/**
 * Asks the server, keeping what is shown while it answers.
 * @example onMount($session, () => void loadMembership())
 */
export async function loadMembership(): Promise<void> {
  await fill(
    $vipStatus,
    async () => {
      const status = await request(vipStatus, {});
      // The membership store first: once the status says the server answered, the figures shown are
      // already the server's (the card would otherwise draw the host's for a frame).
      setServerMembership(status.membership);
      return status;
    },
    { keep: true },
  );
}

/**
 * A membership the server reported with another answer (a paid order, a redeemed code).
 * @example syncMembership({ tier: 'vip', expiresAt: 1798156799, svipUntil: null })
 */
export function syncMembership(current: v.InferOutput<typeof membership>): void {
  setServerMembership(current);
  const status = dataOf($vipStatus.get());
  if (status) $vipStatus.set({ state: 'ready', data: { ...status, membership: current } });
}

/**
 * The renewals the server answered after a change.
 * @example setRenewals(renewals)
 */
export function setRenewals(renewals: Renewal[]): void {
  const status = dataOf($vipStatus.get());
  if (status) $vipStatus.set({ state: 'ready', data: { ...status, renewals } });
}
