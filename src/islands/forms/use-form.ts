/**
 * The DOM side of every form's model (src/lib/forms/form.ts): submit, then focus on the first field
 * to fix, so a screen reader reads its message and the keyboard is where the fix goes.
 */
import type { ReadableAtom } from 'nanostores';
import { useLayoutEffect } from 'preact/hooks';
import type { FormErrors } from '../../lib/forms/form';

/**
 * Opens a form's model (its draft, or a clean slate) in the commit that first draws the form, before
 * the browser can deliver a keystroke. An effect runs a frame later, and its reset would lose what
 * was typed meanwhile (src/islands/forms/opens-first.test.tsx).
 * @example useOpenForm(() => openFollowUp(feedbackId), [feedbackId])
 */
export function useOpenForm(open: () => void, deps: readonly unknown[]): void {
  useLayoutEffect(() => open(), deps);
}

/**
 * Moves focus to the first selector given (false and undefined are skipped).
 * @example focusFirst([!reason && 'input[name="reason"]', !text && '#report-text'])
 */
export function focusFirst(selectors: readonly (string | false | undefined)[]): void {
  const selector = selectors.find(Boolean);
  if (selector) document.querySelector<HTMLElement>(selector)?.focus();
}

/**
 * The model's submit, then `done` with the server's answer once sent: the page (whose own model
 * loaded before the form's) shows what comes next.
 * @example onSubmit(sendThen(followUp.submit, followUp.$result, onSent), followUp.$errors, fields)
 */
export function sendThen<R>(submit: () => Promise<boolean>, $result: ReadableAtom<R | null>, done: (result: R) => void): () => Promise<boolean> {
  return async () => {
    const sent = await submit();
    const result = $result.get();
    if (sent && result !== null) done(result);
    return sent;
  };
}

/**
 * A form's submit handler: the model's submit, then focus on the first of `fields` with a message;
 * at once for a rule (the fields are still enabled), and again once a refused send's answer is in
 * and the fields are enabled again (a wrong code: the code field).
 * @example <form onSubmit={onSubmit(reportForm.submit, reportForm.$errors, [['reason', 'input[name="reason"]'], ['text', '#report-text']])}>
 */
export function onSubmit<F extends string>(submit: () => Promise<boolean>, $errors: ReadableAtom<FormErrors<F>>, fields: readonly (readonly [F, string])[]) {
  const focus = () => {
    const errors = $errors.get();
    focusFirst(fields.map(([field, selector]) => !!errors[field] && selector));
  };
  return (event: Event) => {
    event.preventDefault();
    const sent = submit();
    focus();
    void sent.then((ok) => {
      if (!ok) setTimeout(focus, 0);
    });
  };
}
