/**
 * The page's one toast and one confirm dialog (spec §8: a short toast shows for 1.5 s; §4 payment
 * cancel asks for confirmation). Any island calls these; the Overlay island draws them.
 */
import { atom } from 'nanostores';
import type { MessageKey } from '../../shared/message-key';
import type { MessageParams } from '../i18n';
import { TOAST_MS } from '../../shared/limits';

export interface Toast {
  /** Dotted message key, e.g. 'error.noInternet'. */
  key: MessageKey;
  params?: MessageParams;
}

export interface DialogRequest {
  titleKey?: MessageKey;
  messageKey: MessageKey;
  /** Values for the message's placeholders. */
  params?: MessageParams;
  /** Default: 'shell.ok' (../../islands/ui/parts/Dialog). */
  confirmKey?: MessageKey;
  /** Default: 'shell.cancel'. */
  cancelKey?: MessageKey;
}

/** spec §8/§9: toast 1.5 s. */
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
export function showToast(key: MessageKey, params?: MessageParams): void {
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
 * In a browser the dialog also takes a history entry (./dialog-back.ts): the Android back button (the
 * WebView goes back in history) then closes the dialog as a cancel instead of leaving the page.
 * @example if (await confirmDialog({ messageKey: 'pay.cancel.confirm' })) abandonPayment()
 */
export function confirmDialog(request: DialogRequest): Promise<boolean> {
  const open = answer;
  answer = undefined;
  open?.(false);
  return new Promise<boolean>((resolve) => {
    answer = resolve;
    const show = () => answer === resolve && $dialog.set({ ...request });
    // The dialog shows once its history entry is there, so a back press can only ever close it.
    if (open || typeof window === 'undefined') show();
    else
      void dialogBack().then((back) => {
        back?.holdBack(() => answerDialog(false));
        show();
      });
  });
}

/**
 * Answers the open dialog and closes it; does nothing when none is open. The dialog's history entry
 * goes first and the answer follows: whatever the answer does next (often leaving the page) then
 * starts from the page's own entry, not from a history step still under way.
 * @example answerDialog(true)
 */
export function answerDialog(confirmed: boolean): void {
  const resolve = answer;
  answer = undefined;
  $dialog.set(null);
  if (resolve) void dialogBack().then((back) => (back ? back.releaseBack(() => resolve(confirmed)) : resolve(confirmed)));
}

let back: Promise<typeof import('./dialog-back') | null> | undefined;
// Loaded with the first dialog, not with every page. Without it (server render, a failed load) the
// dialog still works; only the back button does not close it.
function dialogBack() {
  if (typeof window === 'undefined') return Promise.resolve(null);
  return (back ??= import('./dialog-back').catch(() => null));
}
