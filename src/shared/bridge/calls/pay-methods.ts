/**
 * The host's pay methods (docs/bridge.md), which a page offering a purchase lists as it opens: apart
 * from the cashier's calls (./pay.ts), which load with the purchase flow.
 */
import * as v from 'valibot';
import { id, yesNo } from '../schemas';
import { querySpec } from '../spec';

/** @example v.parse(payMethod, { id: 1, name: 'Card', icon: 'https://…/card.png' }) */
export const payMethod = v.object({ id, name: v.string(), icon: v.optional(v.string()) });

export const getPayMethod = querySpec('getPayMethod', v.array(payMethod), [], v.object({ productId: id }));
export const supportSelectPayType = querySpec('supportSelectPayType', yesNo, false);
export const wxInstalled = querySpec('wxInstalled', yesNo, false);
