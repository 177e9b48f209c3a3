/**
 * The habits every form shares: a draft that survives a reload until it is sent, a submit that runs
 * once however often it is tapped, and focus on the first field to fix.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { clearDraft, loadDraft, saveDraft } from '../../lib/forms/draft';

/**
 * The form's values, kept in sessionStorage under `key` as they change. The key may arrive late (it
 * names what is reported, known once the page has asked the host): until then nothing is saved, and
 * when it arrives the saved draft, if any, replaces the empty form.
 * @example const [draft, update, reset] = useDraft(`report:${id}`, emptyReport, readReport)
 */
export function useDraft<T extends object>(
  key: string | null,
  empty: () => T,
  read: (raw: Record<string, unknown>) => T | undefined,
): [T, (patch: Partial<T>) => void, () => void] {
  const [draft, setDraft] = useState(empty);
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(() => {
    if (key) setDraft(loadDraft(key, read) ?? empty());
  }, [key]);
  const update = (patch: Partial<T>) =>
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (keyRef.current) saveDraft(keyRef.current, next);
      return next;
    });
  const reset = () => {
    if (keyRef.current) clearDraft(keyRef.current);
    setDraft(empty());
  };
  return [draft, update, reset];
}

/**
 * A form's submit handler that sends once: `validate` applies the rules (while the fields are still
 * enabled, so focus can move to the first to fix) and gives what to send, or null; `send` sends it.
 * A second tap while sending does nothing, and `busy` disables the button meanwhile. A ref, not the
 * state, guards: two taps can land before a render.
 * @example const { busy, onSubmit } = useSubmitOnce(validate, send); <form onSubmit={onSubmit}>
 */
export function useSubmitOnce<T>(validate: () => T | null, send: (value: T) => Promise<void>): { busy: boolean; onSubmit: (event: Event) => void } {
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (sending.current) return;
    const value = validate();
    if (value === null) return;
    sending.current = true;
    setBusy(true);
    void send(value).finally(() => {
      sending.current = false;
      setBusy(false);
    });
  };
  return { busy, onSubmit };
}

/**
 * Moves focus to the first field whose rule failed, so a screen reader reads its message and the
 * keyboard is where the fix goes.
 * @example focusFirst([!reason && 'input[name="reason"]', !text && '#report-text'])
 */
export function focusFirst(selectors: readonly (string | false | undefined)[]): void {
  const selector = selectors.find(Boolean);
  if (selector) document.querySelector<HTMLElement>(selector)?.focus();
}
