/**
 * One form model for every form of the site (feedback, follow-up, report, appeal, personal-data
 * request): its values kept in a sessionStorage draft as they change, the rules applied on submit
 * with a message key per field, one send however often submit is tapped, everything kept when the
 * send fails, the draft forgotten only once it succeeded. Islands render the stores and call the
 * verbs; moving focus to the first field to fix is theirs (it touches the DOM).
 */
import type { MessageKey } from '../../shared/message-key';
import { atom, type ReadableAtom } from 'nanostores';
import type * as v from 'valibot';
import { messageKey } from '../api/api-error';
import { clearDraft, loadDraft, saveDraft } from './draft';

/** What the rules say of the values: what to send, or a message key per field that failed. */
export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<F, MessageKey>> };

/** Message keys by field; `submit` is a refused send that is no field's (shown above the button). */
export type FormErrors<F extends string> = Partial<Record<F | 'submit', MessageKey>>;

export interface FormSpec<V extends object, T, R, F extends string> {
  /** Reads a saved draft; its fields fall back to safe values (./draft-fields). */
  schema: v.GenericSchema<unknown, Partial<V>>;
  /** A fresh form (with a fresh attempt key). */
  empty: () => V;
  /** The rules (the functions the server applies too): what to send, or the errors. */
  check: (values: V) => Checked<T, F>;
  /** Sends what `check` gave; a rejection is shown by its message key. */
  send: (value: T, values: V) => Promise<R>;
  /** The field a refused send's message belongs to (a wrong code: the code field); else `submit`. */
  failed?: (key: MessageKey) => F | 'submit';
  /** What of the values is written to storage (secrets are not); all of them by default. */
  saved?: (values: V) => Partial<V>;
  /** The errors a change of each value clears; by default the value's own and `submit`. */
  clears?: { [K in keyof V]?: readonly (F | 'submit')[] };
  /** Errors a submit leaves as they are: notices about what was picked, not about what is sent. */
  keep?: readonly F[];
}

export interface FormModel<V extends object, R, F extends string> {
  $values: ReadableAtom<V>;
  $errors: ReadableAtom<FormErrors<F>>;
  /** A send is on its way: the fields and the button are disabled. */
  $busy: ReadableAtom<boolean>;
  /** The server's answer to the send that succeeded, until the form is opened again. */
  $result: ReadableAtom<R | null>;
  /** Shows the draft saved under `key` (null: not known yet, nothing is saved), else an empty form. */
  open(key: string | null): void;
  /** Changes some values, saves the draft, and clears the errors the change answers. */
  update(patch: Partial<V>): void;
  /** Applies the rules and sends once; true when sent. A tap while sending does nothing. */
  submit(): Promise<boolean>;
  /** Sets one field's message, for what happens outside submit (a code that could not be sent). */
  setError(field: F | 'submit', key: MessageKey): void;
  /** Clears the messages of these fields, or all. */
  clearErrors(...fields: (F | 'submit')[]): void;
  /** An empty form, and the draft forgotten. */
  reset(): void;
}

/**
 * @example
 * const report = createForm({ schema, empty, check, send: (body) => request(reportSubmit, body) });
 * report.open('report:comment:c1'); report.update({ reason: 'spam' }); await report.submit();
 */
export function createForm<V extends object, T, R, F extends string>(spec: FormSpec<V, T, R, F>): FormModel<V, R, F> {
  const $values = atom<V>(spec.empty());
  const $errors = atom<FormErrors<F>>({});
  const $busy = atom(false);
  const $result = atom<R | null>(null);
  let key: string | null = null;

  const save = (values: V) => {
    if (key) saveDraft(key, spec.saved ? spec.saved(values) : values);
  };
  const without = (errors: FormErrors<F>, fields: readonly string[]) => {
    if (!fields.some((field) => field in errors)) return errors;
    const rest: Record<string, string | undefined> = { ...errors };
    for (const field of fields) delete rest[field];
    return rest as FormErrors<F>;
  };
  const kept = (): FormErrors<F> => {
    const errors: Record<string, MessageKey> = {};
    for (const field of spec.keep ?? []) {
      const message = $errors.get()[field];
      if (message) errors[field] = message;
    }
    return errors as FormErrors<F>;
  };

  return {
    $values,
    $errors,
    $busy,
    $result,
    open(next) {
      key = next;
      const draft = key ? loadDraft(key, spec.schema) : undefined;
      $values.set({ ...spec.empty(), ...draft });
      $errors.set({});
      $result.set(null);
    },
    update(patch) {
      const values = { ...$values.get(), ...patch };
      $values.set(values);
      save(values);
      const cleared = Object.keys(patch).reduce<string[]>((all, name) => all.concat(spec.clears?.[name as keyof V] ?? [name, 'submit']), []);
      $errors.set(without($errors.get(), cleared));
    },
    async submit() {
      // The store, not a render, guards: two taps can land before the button is disabled.
      if ($busy.get()) return false;
      const values = $values.get();
      const checked = spec.check(values);
      if (!checked.ok) {
        $errors.set({ ...kept(), ...checked.errors });
        return false;
      }
      $errors.set(kept());
      $busy.set(true);
      try {
        const result = await spec.send(checked.value, values);
        if (key) clearDraft(key);
        $values.set(spec.empty());
        // A fresh form: no notice about pictures it no longer holds (the `keep` errors go too).
        $errors.set({});
        $result.set(result);
        return true;
      } catch (error) {
        // Everything typed stays, and the same attempt key makes a retry the same submission.
        const message = messageKey(error);
        $errors.set({ [spec.failed?.(message) ?? 'submit']: message } as FormErrors<F>);
        return false;
      } finally {
        $busy.set(false);
      }
    },
    setError(field, message) {
      $errors.set({ ...$errors.get(), [field]: message });
    },
    clearErrors(...fields) {
      $errors.set(fields.length ? without($errors.get(), fields) : {});
    },
    reset() {
      if (key) clearDraft(key);
      $values.set(spec.empty());
      $errors.set({});
      $result.set(null);
    },
  };
}
