/**
 * /vip-center after a paid order (/channel sends `?order=`): the server says what the payment did, in
 * the ledger's numbers (activated, extended, upgraded, queued), and the page announces it once. The
 * order leaves the address as soon as it is read, so a reload (or a shared link) announces nothing.
 */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { request } from '../request';
import type { membership } from '../../shared/api/endpoints/vip';
import type { grant } from '../../shared/api/endpoints/vip-grant';
import { queryParam } from '../nav';
import { syncMembership } from './membership';

export interface Activation {
  /** What the payment did. */
  grant: v.InferOutput<typeof grant>;
  /** The membership after it. */
  membership: v.InferOutput<typeof membership>;
  /** The plan whose auto-renewal the payment turned off, if any. */
  replaced: string | null;
}

const ORDER_ID = /^o-[\w-]{1,40}$/;

/** @example useStore($activation)?.grant.effect // 'extended' */
export const $activation = atom<Activation | null>(null);

/**
 * The order /channel sent this page with, taken out of the address (history.replaceState) so that
 * it is announced once: a reload or the app's back-and-forth does not say it again.
 * @example const orderId = takeOrder()
 */
export function takeOrder(): string | null {
  const orderId = queryParam('order', ORDER_ID);
  if (!orderId) return null;
  const query = new URLSearchParams(location.search);
  query.delete('order');
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return orderId;
}

/**
 * Asks the server what the order the user just paid did. Silent on failure: the membership card still
 * shows the server's membership.
 * @example await showOrder('o-abc')
 */
export async function showOrder(orderId: string): Promise<void> {
  try {
    // Asked once a payment is announced: the endpoint's code loads then, not with the page.
    const { vipOrderStatus } = await import('../../shared/api/endpoints/vip-order');
    const { order, membership, grant, replaced } = await request(vipOrderStatus, { orderId });
    if (order.state !== 'paid' || !grant) return;
    syncMembership(membership);
    $activation.set({ grant, membership, replaced });
  } catch {
    // The page without the banner is still right.
  }
}
