/** The end of a form: why the last submit failed, if it did, and the button, which says it is sending. */
import { useText } from '../../ui/text';
import { formText } from '../text';

export function SubmitBar({ error, busy, disabled }: { error: string | undefined; busy: boolean; disabled: boolean }) {
  const t = useText(formText);
  return (
    <>
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="button form-submit" disabled={disabled}>
        {busy ? t('form.submitting') : t('form.submit')}
      </button>
    </>
  );
}
