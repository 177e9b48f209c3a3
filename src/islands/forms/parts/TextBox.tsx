/**
 * A description field with its live count. Nothing typed is cut: past the limit the count turns red
 * and the rule's message shows, so a long paste can be edited down instead of silently lost (which a
 * `maxlength` would do).
 */
import { TEXT_MAX } from '../../../lib/limits';
import { textLength } from '../../../lib/forms/rules';

interface Props {
  id: string;
  label: string;
  /** Shown after the label when the field may stay empty. */
  optional?: string;
  placeholder: string;
  value: string;
  onInput: (value: string) => void;
  /** The message under the field: the rule's error, or a hint. */
  error: string | null;
  counter: (count: number, max: number) => string;
  disabled: boolean;
}

export function TextBox({ id, label, optional, placeholder, value, onInput, error, counter, disabled }: Props) {
  const count = textLength(value);
  return (
    <div class="form-field">
      <label for={id} class="form-label">
        {label}
        {optional && <span class="form-optional"> · {optional}</span>}
      </label>
      <textarea
        id={id}
        class="field textbox"
        rows={5}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <div class="form-under">
        {error ? (
          <p id={`${id}-error`} class="form-error" role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span id={`${id}-count`} class={`form-count${count >= TEXT_MAX ? ' is-over' : ''}`}>
          {counter(count, TEXT_MAX)}
        </span>
      </div>
    </div>
  );
}
