/**
 * Up to five screenshots picked in the app (`acquirePicture`): thumbnails with a remove button each,
 * an add button while there is room. The host holds the files; the form sends their ids.
 */
import { SCREENSHOT_MAX } from '../../../shared/limits';
import { safeThumbnail, type Picture } from '../../../shared/forms/pictures';
import { usePage } from '../../ui/page';

interface Props {
  pictures: readonly Picture[];
  onAdd: () => void;
  onRemove: (id: string) => void;
  /** Why some picked pictures were not added (type, count), or null. */
  notice: string | null;
  disabled: boolean;
}

export function Screenshots({ pictures, onAdd, onRemove, notice, disabled }: Props) {
  const { t } = usePage();
  return (
    <div className="form-field">
      <p className="form-label" id="shots-label">
        {t('form.screenshots')}{' '}
        <span className="form-optional">
          · {pictures.length}/{SCREENSHOT_MAX}
        </span>
      </p>
      <ul className="shots" aria-labelledby="shots-label">
        {pictures.map((picture) => {
          const src = safeThumbnail(picture.thumbnail);
          return (
            <li key={picture.id} className="shot">
              {src ? <img src={src} alt={picture.name} width={72} height={72} /> : <span className="shot-name">{picture.name}</span>}
              <button
                type="button"
                className="shot-remove"
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
            <button type="button" className="shot-add" disabled={disabled} onClick={onAdd}>
              <span aria-hidden="true">+</span>
              <span>{t('form.addScreenshot')}</span>
            </button>
          </li>
        )}
      </ul>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : (
        <p className="form-hint">{t('form.screenshotsHint')}</p>
      )}
    </div>
  );
}
