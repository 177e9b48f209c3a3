/**
 * The end of a form: why the last submit failed, if it did, and the button, which says it is sending.
 * It keeps its form above the app's keyboard where the WebView does not resize (../keyboard).
 */
import { useEffect, useRef } from 'preact/hooks';
import { keepAboveKeyboard } from '../keyboard';
import { usePage } from '../../ui/page';

/**
 * @param label the button's word when it is not "Submit" ("Send" for a message)
 * @param track the tracking name of a tap on the button (docs/tracking.md)
 */
export function SubmitBar({
  error,
  busy,
  disabled,
  label,
  track,
}: {
  error: string | undefined;
  busy: boolean;
  disabled: boolean;
  label?: string;
  track?: string;
}) {
  const { t } = usePage();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => keepAboveKeyboard(button.current?.form ?? null), []);
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button ref={button} type="submit" className="button form-submit" disabled={disabled} data-track={track}>
        {busy ? t('form.submitting') : (label ?? t('form.submit'))}
      </button>
    </>
  );
}
