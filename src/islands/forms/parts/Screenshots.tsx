/**
 * Up to five screenshots picked in the app (`acquirePicture`): thumbnails with a remove button each,
 * an add button while there is room. The host holds the files; the form sends their ids.
 */
import { SCREENSHOT_MAX } from '../../../lib/limits';
import { safeThumbnail, type Picture } from '../../../lib/forms/pictures';
import { area, useText } from '../../ui/text';

// Declared here, not imported: a shared one-line module would be a chunk of its own (area() is memoised).
const formText = { form: area('form') };

interface Props {
  pictures: readonly Picture[];
  onAdd: () => void;
  onRemove: (id: string) => void;
  /** Why some picked pictures were not added (type, count), or null. */
  notice: string | null;
  disabled: boolean;
}

export function Screenshots({ pictures, onAdd, onRemove, notice, disabled }: Props) {
  const t = useText(formText);
  return (
    <div class="form-field">
      <p class="form-label" id="shots-label">
        {t('form.screenshots')}{' '}
        <span class="form-optional">
          · {pictures.length}/{SCREENSHOT_MAX}
        </span>
      </p>
      <ul class="shots" aria-labelledby="shots-label">
        {pictures.map((picture) => {
          const src = safeThumbnail(picture.thumbnail);
          return (
            <li key={picture.id} class="shot">
              {src ? <img src={src} alt={picture.name} width={72} height={72} /> : <span class="shot-name">{picture.name}</span>}
              <button
                type="button"
                class="shot-remove"
                aria-label={t('form.removeScreenshot', { name: picture.name })}
                disabled={disabled}
                onClick={() => onRemove(picture.id)}
              >
                ×
              </button>
            </li>
          );
        })}
        {pictures.length < SCREENSHOT_MAX && (
          <li>
            <button type="button" class="shot-add" disabled={disabled} onClick={onAdd}>
              <span aria-hidden="true">+</span>
              <span>{t('form.addScreenshot')}</span>
            </button>
          </li>
        )}
      </ul>
      {notice ? (
        <p class="form-error" role="alert">
          {notice}
        </p>
      ) : (
        <p class="form-hint">{t('form.screenshotsHint')}</p>
      )}
    </div>
  );
}
