/**
 * The app's logs attached to a feedback: asked for as soon as the box is ticked (`uploadFeedbackLog`,
 * the file named after the feedback's attempt, so a reload asks for the same file), then followed
 * through uploadFileCallback until done or failed.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { command, onHost } from '../bridge';
import { uploadFileCallback } from '../../shared/bridge/calls/forms';
import { onUploadEvent, type Upload } from '../forms/upload';

export interface LogUpload {
  /** The log's upload while the box is ticked, else null. */
  $log: ReadableAtom<Upload | null>;
  /** Follows the box: ticked for this attempt, the log is asked for (once per attempt); unticked, forgotten. */
  follow(wanted: boolean, attempt: string): void;
  /** Stops listening to the host (the form is gone). */
  stop(): void;
}

/** @example const log = logUpload(); log.follow(true, draft.attempt); log.$log.get()?.state // 'uploading' */
export function logUpload(): LogUpload {
  const $log = atom<Upload | null>(null);
  let name: string | null = null;
  let off: (() => void) | undefined;

  const stop = () => {
    off?.();
    off = undefined;
    name = null;
    $log.set(null);
  };
  return {
    $log,
    follow(wanted, attempt) {
      const next = wanted ? `feedback-${attempt}.log` : null;
      if (next === name) return;
      stop();
      if (!next) return;
      name = next;
      off = onHost(uploadFileCallback, (event) => {
        const current = $log.get();
        if (current && String(event.id) === next) $log.set(onUploadEvent(current, event));
      });
      $log.set({ id: next, name: next, size: 0, mime: 'text/plain', state: 'uploading', progress: 0 });
      if (!command('uploadFeedbackLog', { logFileName: next }).ok) $log.set(onUploadEvent($log.get()!, { status: 'failed' }));
    },
    stop,
  };
}
