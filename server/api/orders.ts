/**
 * Orders, VIP and coins alike (vip_orders, coin_orders): which provider notifications change one, and
 * the user abandoning one. What a paid order grants is its area's (settleOrder in ./vip.ts,
 * settleCoinOrder in ./coins.ts).
 */
import type { ResponseOf } from '../../src/shared/api/contract';
import type { Db } from '../db';
import { seconds } from '../time';
import { ApiFailure } from './failure';
import type { Row } from './rows';

/** What the provider reports; each is also the order's state afterwards. */
export type ProviderOutcome = Exclude<ResponseOf<'vipOrderStatus'>['order']['state'], 'created'>;

/**
 * Whether a notification changes an order (a row of vip_orders or coin_orders): a `created` one,
 * always; one the user abandoned only when the provider says it was paid after all (the user left the
 * page, but the money arrived, so the purchase stands). Anything else settled stays settled, so a
 * notification delivered twice (providers retry) does nothing the second time.
 * @example settles({ state: 'cancelled', abandoned_at: 1795435200 }, 'paid') // true
 */
export const settles = (row: Row, outcome: ProviderOutcome): boolean =>
  row.state === 'created' || (row.state === 'cancelled' && row.abandoned_at !== null && outcome === 'paid');

/**
 * The user abandons an order of theirs (`table`: vip_orders or coin_orders): a `created` one is
 * marked, then cancelled by `settle`; any other is answered as it is. Another user's order is
 * unknown, as for its status.
 */
export function abandon<T>(
  db: Db,
  table: 'vip_orders' | 'coin_orders',
  uid: string,
  orderId: string,
  nowMs: number,
  settle: (db: Db, orderId: string, outcome: 'cancelled', nowMs: number) => T,
): T {
  const row = db.prepare(`SELECT state FROM ${table} WHERE order_id = ? AND uid = ?`).get(orderId, uid);
  if (!row) throw new ApiFailure('notFound', 404, 'No such order.');
  // node:sqlite is synchronous, so no request runs between the mark and the settling.
  db.prepare(`UPDATE ${table} SET abandoned_at = ? WHERE order_id = ? AND state = 'created'`).run(seconds(nowMs), orderId);
  return settle(db, orderId, 'cancelled', nowMs);
}
