/**
 * Switching auto-renewal (/renewal-management), apart from ./vip.ts so that only that page loads it
 * (docs/models.md, "Chunks"). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { planId, renewal } from './vip';

/**
 * Turns auto-renewal of a plan the user subscribed to (paid through the cashier) on or off. On turns
 * off any other: at most one contract at a time. `notFound` for a plan never subscribed to.
 */
export const vipSetRenewal = endpoint('/api/vip/renewal', v.object({ planId, on: v.boolean() }), v.object({ renewals: v.array(renewal) }));
