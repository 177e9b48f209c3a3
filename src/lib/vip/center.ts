/**
 * /vip-center after a paid order (/channel sends `?order=`): the server says what was bought, and the
 * page says "activated" or "renewed" until it is left.
 */
import { atom } from 'nanostores';
import { request } from '../request';
import { vipOrderStatus } from '../api/endpoints/vip';
import { syncMembership } from './membership';

export interface Activation {
  key: 'vip.activated' | 'vip.renewed';
  planId: string;
  expiresAt: number;
}

/** @example useStore($activation)?.key // 'vip.renewed' */
export const $activation = atom<Activation | null>(null);

/**
 * Asks the server about the order the user just paid. Silent on failure: the membership card still
 * shows the server's membership.
 * @example await showOrder('o-abc')
 */
export async function showOrder(orderId: string): Promise<void> {
  try {
    const { order, membership, renewed } = await request(vipOrderStatus, { orderId });
    if (order.state !== 'paid' || membership.expiresAt === null) return;
    syncMembership(membership);
    $activation.set({ key: renewed ? 'vip.renewed' : 'vip.activated', planId: order.planId, expiresAt: membership.expiresAt });
  } catch {
    // The page without the banner is still right.
  }
}
