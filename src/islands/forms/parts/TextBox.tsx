/**
 * A description field with its live count. Nothing typed is cut: from the limit on, the count turns
 * red and the rule's message shows as the user types, so a long paste can be edited down instead of
 * silently lost (which a `maxlength` would do).
 */
import { TEXT_MAX } from '../../../shared/limits';
import { textLength } from '../../../shared/forms/rules';
import { usePage } from '../../ui/page';

interface Props {
  id: string;
  label: string;
  /** Says "Optional" after the label. */
  optional?: boolean;
  placeholder: string;
  value: string;
  onInput: (value: string) => void;
  /** The message of a failed submit (an empty required text); the length rule shows by itself. */
  error: string | null;
  disabled: boolean;
}

export function TextBox({ id, label, optional, placeholder, value, onInput, error, disabled }: Props) {
  const { t } = usePage();
  const count = textLength(value);
  const message = count >= TEXT_MAX ? t('error.tooLong') : error;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
        {optional && <span className="form-optional"> · {t('form.optional')}</span>}
      </label>
      <textarea
        id={id}
        className="field textbox"
        rows={5}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-count${message ? ` ${id}-error` : ''}`}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <div className="form-under">
        {message ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {message}
          </p>
        ) : (
          <span />
        )}
        <span id={`${id}-count`} className={`form-count${count >= TEXT_MAX ? ' is-over' : ''}`}>
          {t('form.counter', { count, max: TEXT_MAX })}
        </span>
      </div>
    </div>
  );
}
