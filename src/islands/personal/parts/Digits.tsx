/** A six-digit field of the request form (the code, the password): only digits are kept; its note is the error, else the hint. */
import { Field } from '../../forms/parts/Field';

interface Props {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error: string | undefined;
  hint?: string;
  /** A password: hidden as typed, never offered for autofill of an old one. */
  secret?: boolean;
  autoComplete?: string;
  disabled: boolean;
}

export function Digits({ id, label, value, onInput, error, hint, secret, autoComplete, disabled }: Props) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className="field"
        type={secret ? 'password' : 'text'}
        inputMode="numeric"
        autoComplete={secret ? 'new-password' : autoComplete}
        maxLength={6}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        onInput={(event) => onInput(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      />
    </Field>
  );
}
