/**
 * What a page does when the server refuses its session (spec §8): it says why and offers the app's
 * sign-in; the refused request is sent again once the user is signed in. Loaded on the first refusal
 * (src/lib/api-identity.ts), never with the page. It is handed the dialog and the sign-in rather than
 * importing them, so it stays a few hundred bytes of its own chunk.
 */
import type { Reauth } from './api';
import type { signIn as SignIn } from './session';
import type { confirmDialog as ConfirmDialog } from './stores/ui';

// Requests refused together share one question: one dialog, one sign-in, then each retries.
let asking: Promise<boolean> | undefined;

/**
 * Asks the user to sign in again: true once signed in, false when they decline or the sign-in fails.
 * @example setReauth((code) => import('./reauth').then((m) => m.askToSignIn(code, confirmDialog, signIn)))
 */
export function askToSignIn(code: Parameters<Reauth>[0], confirm: typeof ConfirmDialog, signIn: typeof SignIn): Promise<boolean> {
  return (asking ??= confirm({ messageKey: `error.${code}`, confirmKey: 'shell.signIn' })
    .then(async (yes) => yes && (await signIn()) === 'signed-in')
    .finally(() => (asking = undefined)));
}
