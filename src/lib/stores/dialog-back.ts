/**
 * An open dialog and the Android back button: the WebView's back key goes back in history when it
 * can, so a dialog pushes an entry of its own, and going back from it cancels the dialog instead of
 * leaving the page. Loaded by src/lib/stores/ui.ts with the first dialog.
 */
const DIALOG_STATE = 'dialog';
// A history step that never reports back (no popstate) must not hold the answer forever.
const BACK_TIMEOUT_MS = 1000;

let onBack: (() => void) | undefined;

function stop(): void {
  if (onBack) window.removeEventListener('popstate', onBack);
  onBack = undefined;
}

/**
 * Pushes the dialog's entry; `cancel` runs when the user goes back from it.
 * @example holdBack(() => answerDialog(false))
 */
export function holdBack(cancel: () => void): void {
  stop();
  history.pushState({ ...(history.state as object), [DIALOG_STATE]: true }, '');
  onBack = () => {
    stop();
    cancel();
  };
  window.addEventListener('popstate', onBack);
}

/**
 * Takes the dialog's entry off (if it is still on top), then runs `then`.
 * @example releaseBack(() => resolve(true))
 */
export function releaseBack(then: () => void): void {
  stop();
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
