/**
 * Keeps a form's field and submit button above the app's keyboard where the WebView does not resize
 * for it (src/lib/forms/keyboard.ts): while a field of the form is focused and the host says the
 * keyboard is up, the form gets that much room under it, and the field is scrolled above the
 * keyboard once. Asked again while typing, since the host does not say when the keyboard goes.
 */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea';
// How often the host is asked while a field is focused (the keyboard opens and closes meanwhile).
const POLL_MS = 400;
// Space left between the field and the keyboard's top edge.
const GAP_PX = 16;

/**
 * @example useEffect(() => keepAboveKeyboard(buttonRef.current?.form ?? null), [])
 * @returns the clean-up
 */
export function keepAboveKeyboard(form: HTMLFormElement | null): () => void {
  if (!form) return () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  let shown: Element | null = null;
  const focused = () => {
    const field = document.activeElement;
    return field && form.contains(field) && field.matches(TYPING) ? field : null;
  };
  const fit = async () => {
    const { keyboardRoom } = await import('../../lib/forms/keyboard');
    const field = focused();
    const room = field ? keyboardRoom() : 0;
    form.style.paddingBottom = room ? `${room}px` : '';
    if (!field) return stop();
    if (!room) return void (shown = null);
    // Once per field and keyboard: later polls must not fight the user's own scrolling.
    if (shown === field) return;
    shown = field;
    const box = field.getBoundingClientRect();
    const over = box.bottom - (innerHeight - room - GAP_PX);
    if (over > 0) scrollBy(0, over);
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    shown = null;
    form.style.paddingBottom = '';
  };
  // Offline before the host's reading came, its chunk fails: the form keeps its room as it is, and the
  // next poll asks again (under a fresh URL, src/lib/model/import-again.ts). Never an unhandled rejection.
  const poll = () => void fit().catch(() => undefined);
  const onFocus = () => {
    poll();
    timer ??= setInterval(poll, POLL_MS);
  };
  // Focus moving to the next field passes through the body: look once it has landed.
  const onBlur = () => setTimeout(() => focused() || stop());
  form.addEventListener('focusin', onFocus);
  form.addEventListener('focusout', onBlur);
  // A field can take focus before this runs (an effect, after the form is drawn and enabled): a tap
  // in that moment found no listener, and the keyboard covered the button (forms.spec, once in a run).
  if (focused()) onFocus();
  return () => {
    form.removeEventListener('focusin', onFocus);
    form.removeEventListener('focusout', onBlur);
    stop();
  };
}
