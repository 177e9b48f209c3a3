/**
 * The server's membership into the store every island reads: after a paid order or a redeemed code,
 * the server's state wins over what the host last said (the host refreshes on paySuccess).
 */
import type * as v from 'valibot';
import type { membership } from '../api/endpoints/vip';
import { $membership, setMembership } from '../stores/membership';

/**
 * @example syncMembership({ tier: 'vip', expiresAt: 1798156799 })
 */
export function syncMembership({ tier, expiresAt }: v.InferOutput<typeof membership>): void {
  const current = $membership.get();
  const active = tier !== 'none';
  setMembership({
    isLogin: true,
    avatar: current.userInfo_?.avatar,
    vip: { is_vip: active ? 1 : 0, valid_time: expiresAt ?? 0 },
    vipType: tier === 'vip' ? 1 : 0,
    svipType: tier === 'svip' ? 1 : 0,
    is_member: active ? 1 : 0,
  });
}
