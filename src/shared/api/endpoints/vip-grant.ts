/**
 * What a paid order or a redeemed code did (in the ledger's terms, src/lib/vip/ledger.ts), shared by
 * ./vip-order.ts and ./vip-redeem.ts; a module of its own so that neither page loads the other's
 * endpoint. Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { seconds, tier } from './vip';

/** What a paid order or a redeemed code did to the membership, in the ledger's own numbers. */
export const grant = v.object({
  effect: v.picklist(['activated', 'extended', 'upgraded', 'queued']),
  tier,
  days: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Unix seconds: when the granted days start and end. */
  startsAt: seconds,
  endsAt: seconds,
});
