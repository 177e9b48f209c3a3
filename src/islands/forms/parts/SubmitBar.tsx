/** The end of a form: why the last submit failed, if it did, and the button, which says it is sending. */
import { useText } from '../../ui/text';
import { formText } from '../text';

/**
 * @param label the button's word when it is not "Submit" ("Send" for a message)
 * @param track the tracking name of a tap on the button (docs/tracking.md)
 */
export function SubmitBar({ error, busy, disabled, label, track }: { error: string | undefined; busy: boolean; disabled: boolean; label?: string; track?: string }) {
  const t = useText(formText);
  return (
    <>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="button form-submit" disabled={disabled} data-track={track}>
        {busy ? t('form.submitting') : (label ?? t('form.submit'))}
      </button>
    </>
  );
}
