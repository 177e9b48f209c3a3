/**
 * A form's text input inside its Field: described by the Field's note (`<id>-note`), marked invalid
 * while its rule fails, and handing its value to the form model on every keystroke.
 */
import type { ComponentProps } from 'preact';

type Props = Omit<ComponentProps<'input'>, 'onInput' | 'className'> & {
  id: string;
  invalid: boolean;
  onValue: (value: string) => void;
};

/** @example <Input id="appeal-contact" type="text" value={draft.contact} invalid={!!errors.contact} onValue={(contact) => form.update({ contact })} /> */
export function Input({ id, invalid, onValue, ...attributes }: Props) {
  return (
    <input
      {...attributes}
      id={id}
      className="field"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={`${id}-note`}
      onInput={(event) => onValue(event.currentTarget.value)}
    />
  );
}
