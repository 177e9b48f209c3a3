/**
 * Attachments uploaded by the host app: `uploadFile` opens its picker, acquireFileCallback names the
 * file picked, uploadFileCallback reports progress until done or failed, `cancelUploadFile` stops one.
 * Every event goes through the state machine of src/lib/forms/upload.ts; a file over 200M or of
 * another kind is refused as soon as it is named, and its upload stopped.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { command, onHost } from '../../lib/bridge';
import { cancelled, onUploadEvent, picked, type Upload } from '../../lib/forms/upload';
import { UPLOAD_MAX_BYTES } from '../../lib/limits';

export type Kind = 'image' | 'audio' | 'video';

/**
 * @param initial uploads restored from a draft (only finished ones are kept there)
 * @param onChange every change, to save the draft
 * @example const uploads = useUploads(draft.attachments, (list) => update({ attachments: list }))
 */
export function useUploads(initial: Upload[], onChange: (uploads: Upload[]) => void) {
  const [uploads, setUploads] = useState(initial);
  const current = useRef(uploads);
  // The picker is open: only then does a picked file belong to this form.
  const picking = useRef(false);
  const change = (next: Upload[]) => {
    current.current = next;
    setUploads(next);
    onChange(next);
  };
  // A draft that arrives after the first render (read once the page runs) replaces the empty list.
  const restore = (list: Upload[]) => {
    current.current = list;
    setUploads(list);
  };

  useEffect(() => {
    const offPicked = onHost('acquireFileCallback', (file) => {
      if (!picking.current) return;
      picking.current = false;
      const upload = picked(file);
      if (upload.state !== 'uploading') command('cancelUploadFile', { id: upload.id });
      change([...current.current, upload]);
    });
    const offProgress = onHost('uploadFileCallback', (event) => {
      const id = String(event.id);
      if (!current.current.some((u) => u.id === id)) return;
      change(current.current.map((u) => (u.id === id ? onUploadEvent(u, event) : u)));
    });
    return () => {
      offPicked();
      offProgress();
    };
  }, []);

  /** Opens the host's picker; false outside the app. */
  const add = (kind: Kind): boolean => {
    picking.current = command('uploadFile', { accept: kind, maxBytes: UPLOAD_MAX_BYTES }).ok;
    return picking.current;
  };
  const cancel = (id: string) => {
    command('cancelUploadFile', { id });
    change(current.current.map((u) => (u.id === id ? cancelled(u) : u)));
  };
  const remove = (id: string) => {
    if (current.current.find((u) => u.id === id)?.state === 'uploading') command('cancelUploadFile', { id });
    change(current.current.filter((u) => u.id !== id));
  };
  return { uploads, add, cancel, remove, restore };
}
