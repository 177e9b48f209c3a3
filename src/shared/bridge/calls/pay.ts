/**
 * The bridge calls of paying (docs/bridge.md): the provider's sign-in, the host's cashier and its
 * dialog, used by the purchase flow. The pay methods a page lists as it opens are ./pay-methods.ts.
 */
import * as v from 'valibot';
import { id, yesNo } from '../schemas';
import { handlerSpec, querySpec } from '../spec';

/** @example v.parse(payResult, { status: 'cancel', orderId: 'o1' }) */
export const payResult = v.object({
  status: v.picklist(['success', 'failed', 'cancel']),
  orderId: id,
  message: v.optional(v.string()),
});

/** Signed in with the provider's account (HeyTap). */
export const isHeytapLogin = querySpec('isHeytapLogin', yesNo, false);

export const onPayCallback = handlerSpec('onPayCallback', payResult);
export const launchHTDialogCallback = handlerSpec('launchHTDialogCallback', v.object({ index: v.pipe(v.number(), v.integer()) }));
