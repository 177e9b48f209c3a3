/**
 * Up to five screenshots picked in the app (`acquirePicture`): thumbnails with a remove button each,
 * an add button while there is room. The host holds the files; the form sends their ids.
 */
import { SCREENSHOT_MAX } from '../../../lib/limits';
import { safeThumbnail, type Picture } from '../../../lib/forms/pictures';

interface Props {
  label: string;
  hint: string;
  addLabel: string;
  removeLabel: (name: string) => string;
  pictures: readonly Picture[];
  onAdd: () => void;
  onRemove: (id: string) => void;
  /** Why some picked pictures were not added (type, count), or null. */
  notice: string | null;
  disabled: boolean;
}

export function Screenshots({ label, hint, addLabel, removeLabel, pictures, onAdd, onRemove, notice, disabled }: Props) {
  return (
    <div class="form-field">
      <p class="form-label" id="shots-label">
        {label} <span class="form-optional">· {pictures.length}/{SCREENSHOT_MAX}</span>
      </p>
      <ul class="shots" aria-labelledby="shots-label">
        {pictures.map((picture) => {
          const src = safeThumbnail(picture.thumbnail);
          return (
            <li key={picture.id} class="shot">
              {src ? <img src={src} alt={picture.name} width={72} height={72} /> : <span class="shot-name">{picture.name}</span>}
              <button type="button" class="shot-remove" aria-label={removeLabel(picture.name)} disabled={disabled} onClick={() => onRemove(picture.id)}>
                ×
              </button>
            </li>
          );
        })}
        {pictures.length < SCREENSHOT_MAX && (
          <li>
            <button type="button" class="shot-add" disabled={disabled} onClick={onAdd}>
              <span aria-hidden="true">+</span>
              <span>{addLabel}</span>
            </button>
          </li>
        )}
      </ul>
      {notice ? (
        <p class="form-error" role="alert">
          {notice}
        </p>
      ) : (
        <p class="form-hint">{hint}</p>
      )}
    </div>
  );
}
