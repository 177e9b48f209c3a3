/**
 * Switching auto-renewal (/renewal-management), apart from ./vip.ts so that only that page loads it
 * (docs/models.md, "Chunks"). Shapes as in ./vip.ts.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { planId, renewal } from './vip';

/** Turns auto-renewal of a plan on or off. */
export const vipSetRenewal = endpoint('/api/vip/renewal', v.object({ planId, on: v.boolean() }), v.object({ renewals: v.array(renewal) }));
