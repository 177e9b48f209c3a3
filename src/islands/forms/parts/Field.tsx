/**
 * A labelled input with its note under it: the rule's message when it failed (read out at once),
 * else a hint. The input itself is the child, with `aria-describedby` pointing at `<id>-note`.
 */
import type { ComponentChildren } from 'preact';

interface Props {
  id: string;
  label: string;
  /** Says so after the label ("Optional"). */
  optional?: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ComponentChildren;
}

export function Field({ id, label, optional, hint, error, children }: Props) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
        {optional && <span className="form-optional"> · {optional}</span>}
      </label>
      {children}
      {(error || hint) && (
        <p id={`${id}-note`} className={error ? 'form-error' : 'form-hint'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
