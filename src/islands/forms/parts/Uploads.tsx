/**
 * Attachments: each with its state (a progress bar while uploading, the rule's message when refused
 * or failed) and what can be done (cancel, try again, remove), and buttons to add a picture, a sound
 * or a video while there is room.
 */
import { formatFileSize } from '../../../lib/file-size';
import { slotsTaken, uploadMessage, type Upload } from '../../../lib/forms/upload';
import type { Kind } from '../../../lib/forms/uploads';
import '../../ui/controls.css';
import { usePage } from '../../ui/page';

interface Props {
  label: string;
  hint: string;
  uploads: readonly Upload[];
  max: number;
  locale: string;
  /** Labels of the three add buttons, and of the row actions and states, from the page's area. */
  text: {
    add: Record<Kind, string>;
    cancel: string;
    retry: string;
    remove: (name: string) => string;
    uploading: (progress: number) => string;
    done: string;
    cancelled: string;
  };
  onAdd: (kind: Kind) => void;
  onCancel: (id: string) => void;
  onRetry: (upload: Upload) => void;
  onRemove: (id: string) => void;
  /** Why the form cannot be sent yet (an upload running or failed), or null. */
  error: string | null;
  disabled: boolean;
}

const KINDS: readonly Kind[] = ['image', 'audio', 'video'];

export function Uploads({ label, hint, uploads, max, locale, text, onAdd, onCancel, onRetry, onRemove, error, disabled }: Props) {
  const { t } = usePage();
  const taken = slotsTaken(uploads);
  return (
    <div className="form-field">
      <p className="form-label" id="uploads-label">
        {label}{' '}
        <span className="form-optional">
          · {taken}/{max}
        </span>
      </p>
      {uploads.length > 0 && (
        <ul className="uploads" aria-labelledby="uploads-label">
          {uploads.map((u) => {
            const problem = uploadMessage(u.state);
            return (
              <li key={u.id} className={`upload is-${u.state}`}>
                <div className="upload-line">
                  <span className="upload-name">{u.name}</span>
                  <span className="upload-size">{formatFileSize(u.size, locale)}</span>
                </div>
                {u.state === 'uploading' && <progress max={100} value={u.progress} aria-label={text.uploading(u.progress)} />}
                <div className="upload-line">
                  <span className={problem ? 'form-error' : 'form-hint'} role={problem ? 'alert' : undefined}>
                    {problem ? t(problem) : u.state === 'uploading' ? text.uploading(u.progress) : u.state === 'done' ? text.done : text.cancelled}
                  </span>
                  <span className="upload-actions">
                    {u.state === 'uploading' && (
                      <button type="button" className="link" onClick={() => onCancel(u.id)}>
                        {text.cancel}
                      </button>
                    )}
                    {/* Only a failed upload can go better a second time; a refused file (too large, not a
                        picture, sound or video) would be refused again: it offers only its removal. */}
                    {u.state === 'failed' && (
                      <button type="button" className="link" disabled={disabled} onClick={() => onRetry(u)}>
                        {text.retry}
                      </button>
                    )}
                    {u.state !== 'uploading' && (
                      <button type="button" className="link" aria-label={text.remove(u.name)} onClick={() => onRemove(u.id)}>
                        ×
                      </button>
                    )}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {taken < max && (
        <div className="upload-add">
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="chip" disabled={disabled} onClick={() => onAdd(kind)}>
              + {text.add[kind]}
            </button>
          ))}
        </div>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="form-hint">{hint}</p>
      )}
    </div>
  );
}
