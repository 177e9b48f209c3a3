/**
 * Attachments uploaded by the host app, as a store and verbs: `uploadFile` opens its picker,
 * acquireFileCallback names the file picked, uploadFileCallback reports progress until done or
 * failed, `cancelUploadFile` stops one. Every event goes through the state machine of ./upload; a file
 * over 200M or of another kind is refused as soon as it is named, and its upload stopped. The host's
 * events are listened to from the first file asked for on, for as long as the page lives.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { command, onHost } from '../bridge';
import { acquireFileCallback, uploadFileCallback } from '../../shared/bridge/calls/forms';
import { UPLOAD_MAX_BYTES } from '../../shared/limits';
import { cancelled, onUploadEvent, picked, type Upload } from './upload';

export type { Upload, UploadState } from './upload';
export type Kind = 'image' | 'audio' | 'video';

export interface UploadList {
  $uploads: ReadableAtom<Upload[]>;
  /** Opens the host's picker for a kind of file; false outside the app. */
  add(kind: Kind): boolean;
  /** Stops a running upload (it stays listed as cancelled). */
  cancel(id: string): void;
  /** Takes a file off the list, stopping its upload if it runs. */
  remove(id: string): void;
  /** The app has no "upload this file again": the picker opens again, in place of the failed file. */
  retry(id: string): boolean;
  /** The list a draft kept (finished uploads), without telling `onChange`. */
  restore(list: Upload[]): void;
}

/**
 * @param onChange every change the user or the host makes, to save the draft
 * @example const files = uploadList((list) => form.update({ attachments: list.filter((u) => u.state === 'done') }))
 */
export function uploadList(onChange: (uploads: Upload[]) => void): UploadList {
  const $uploads = atom<Upload[]>([]);
  // The picker is open: only then does a picked file belong to this list.
  let picking = false;
  const change = (next: Upload[]) => {
    $uploads.set(next);
    onChange(next);
  };

  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    onHost(acquireFileCallback, (file) => {
      if (!picking) return;
      picking = false;
      const upload = picked(file);
      if (upload.state !== 'uploading') command('cancelUploadFile', { id: upload.id });
      change([...$uploads.get(), upload]);
    });
    onHost(uploadFileCallback, (event) => {
      const id = String(event.id);
      if (!$uploads.get().some((u) => u.id === id)) return;
      change($uploads.get().map((u) => (u.id === id ? onUploadEvent(u, event) : u)));
    });
  };

  const add = (kind: Kind) => {
    listen();
    return (picking = command('uploadFile', { accept: kind, maxBytes: UPLOAD_MAX_BYTES }).ok);
  };
  const remove = (id: string) => {
    if ($uploads.get().find((u) => u.id === id)?.state === 'uploading') command('cancelUploadFile', { id });
    change($uploads.get().filter((u) => u.id !== id));
  };
  return {
    $uploads,
    add,
    cancel(id) {
      command('cancelUploadFile', { id });
      change($uploads.get().map((u) => (u.id === id ? cancelled(u) : u)));
    },
    remove,
    retry(id) {
      const upload = $uploads.get().find((u) => u.id === id);
      if (!upload) return false;
      remove(id);
      return add(upload.mime.split('/')[0] as Kind);
    },
    restore: (list) => $uploads.set(list),
  };
}
