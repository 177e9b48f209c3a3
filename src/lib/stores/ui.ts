/**
 * The page's one toast and one confirm dialog (spec §8: a short toast shows for 1.5 s; §4 payment
 * cancel asks for confirmation). Any island calls these; the Overlay island draws them.
 */
import { atom } from 'nanostores';

/** Values for the placeholders of a message, e.g. `{ days: 3 }`. */
export type MessageParams = Record<string, string | number>;

export interface Toast {
  /** Dotted message key, e.g. 'error.noInternet'. */
  key: string;
  params?: MessageParams;
}

export interface DialogRequest {
  titleKey?: string;
  messageKey: string;
  /** Values for the message's placeholders. */
  params?: MessageParams;
  /** Default: the Overlay's 'shell.ok'. */
  confirmKey?: string;
  /** Default: the Overlay's 'shell.cancel'. */
  cancelKey?: string;
}

/** spec §8/§9: toast 1.5 s. */
import { TOAST_MS } from '../limits';

export { TOAST_MS };

/** @example $toast.get() // { key: 'error.noInternet' } */
export const $toast = atom<Toast | null>(null);
/** @example $dialog.get()?.messageKey // 'pay.cancel.confirm' */
export const $dialog = atom<DialogRequest | null>(null);

let toastTimer: ReturnType<typeof setTimeout> | undefined;
let answer: ((confirmed: boolean) => void) | undefined;

/**
 * Shows a toast for 1.5 s. A new toast replaces the one showing and gets its own full 1.5 s.
 * @example showToast('error.noInternet')
 * @example showToast('vip.daysLeft', { days: 3 })
 */
export function showToast(key: string, params?: MessageParams): void {
  clearTimeout(toastTimer);
  $toast.set(params ? { key, params } : { key });
  toastTimer = setTimeout(hideToast, TOAST_MS);
}

/** Hides the toast now. @example hideToast() */
export function hideToast(): void {
  clearTimeout(toastTimer);
  toastTimer = undefined;
  $toast.set(null);
}

/**
 * Asks a yes/no question; resolves true on confirm, false on cancel. One dialog at a time: asking
 * again while one is open answers the first with false (the newer question is the one that matters).
 * In a browser the dialog also takes a history entry: the Android back button (the WebView goes back
 * in history) then closes the dialog as a cancel instead of leaving the page under it.
 * @example if (await confirmDialog({ messageKey: 'pay.cancel.confirm' })) abandonPayment()
 */
export function confirmDialog(request: DialogRequest): Promise<boolean> {
  const open = answer;
  answer = undefined;
  open?.(false);
  if (!open) holdBack();
  return new Promise<boolean>((resolve) => {
    answer = resolve;
    $dialog.set({ ...request });
  });
}

/**
 * Answers the open dialog and closes it; does nothing when none is open. The dialog's history entry
 * goes first, and the answer follows once it has: whatever the answer does next (often leaving the
 * page) then starts from the page's own entry, not from a history step still under way.
 * @example answerDialog(true)
 */
export function answerDialog(confirmed: boolean): void {
  const resolve = answer;
  answer = undefined;
  $dialog.set(null);
  releaseBack(() => resolve?.(confirmed));
}

const DIALOG_STATE = 'dialog';
// A history step that never reports back (no popstate) must not hold the answer forever.
const BACK_TIMEOUT_MS = 1000;

function holdBack(): void {
  if (typeof window === 'undefined') return;
  history.pushState({ ...(history.state as object), [DIALOG_STATE]: true }, '');
  window.addEventListener('popstate', onBack);
}

function onBack(): void {
  window.removeEventListener('popstate', onBack);
  answerDialog(false);
}

function releaseBack(then: () => void): void {
  if (typeof window === 'undefined') return then();
  window.removeEventListener('popstate', onBack);
  if (!(history.state as Record<string, unknown> | null)?.[DIALOG_STATE]) return then();
  const done = () => {
    clearTimeout(timer);
    window.removeEventListener('popstate', done);
    then();
  };
  const timer = setTimeout(done, BACK_TIMEOUT_MS);
  window.addEventListener('popstate', done);
  history.back();
}
