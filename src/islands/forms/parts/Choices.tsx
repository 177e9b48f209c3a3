/**
 * A required single choice as a radio group (a reason, a type, what is appealed): the legend names
 * the question, the error says a choice is missing. Radios, not a select: every option stays in view
 * and each is a 48 px target.
 */
import type { ComponentChildren } from 'preact';

export interface Choice {
  id: string;
  label: string;
  /** A second line under the label (a date, the removed text). */
  detail?: ComponentChildren;
}

interface Props {
  name: string;
  legend: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (id: string) => void;
  error: string | null;
  disabled: boolean;
}

export function Choices({ name, legend, choices, value, onChange, error, disabled }: Props) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="choices" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="form-label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.id} className={value === choice.id ? 'choice is-checked' : 'choice'}>
          <input type="radio" name={name} value={choice.id} checked={value === choice.id} onChange={() => onChange(choice.id)} />
          <span className="choice-text">
            <span>{choice.label}</span>
            {choice.detail && <span className="choice-detail">{choice.detail}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
