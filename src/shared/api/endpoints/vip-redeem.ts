/**
 * Redeeming a membership code (/exchange-members), apart from ./vip.ts so that only that page loads it
 * (docs/models.md, "Chunks"). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { membership } from './vip';
import { grant } from './vip-grant';

/**
 * Redeems a membership code; refused with `redeemInvalid` (unknown, expired or used: one answer), and
 * with `redeemLimit` after too many refused codes in an hour (even the right one, until the hour passes).
 */
export const vipRedeem = endpoint('/api/vip/redeem', v.object({ code: v.pipe(v.string(), v.minLength(1), v.maxLength(32)) }), v.object({ membership, grant }));
