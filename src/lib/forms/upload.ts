/**
 * One attachment's life, as the host reports it (bridge contract: `uploadFile` → acquireFileCallback
 * when picked → uploadFileCallback progress… then done or failed; `cancelUploadFile` stops it). A pure
 * state machine: the form keeps a list of these and feeds every host event through `onUploadEvent`.
 */
import type { MessageKey } from '../../shared/message-key';
import { UPLOAD_MAX_BYTES } from '../../shared/limits';

export type UploadState = 'uploading' | 'done' | 'failed' | 'cancelled' | 'tooLarge' | 'wrongType';

export interface Upload {
  id: string;
  name: string;
  size: number;
  mime: string;
  state: UploadState;
  /** 0–100. */
  progress: number;
  url?: string;
}

/** Spec §5: image, audio or video. */
const KINDS = /^(image|audio|video)\//i;

/** States after which nothing the host says changes the upload. */
const FINAL: readonly UploadState[] = ['done', 'cancelled', 'tooLarge', 'wrongType'];

/**
 * A file the user picked: uploading, or refused at once when it is over 200M or not a picture, sound
 * or video (the page then cancels the host's upload).
 * @example picked({ id: 'f1', name: 'a.mp4', size: 201 * 2 ** 20, mime: 'video/mp4' }).state // 'tooLarge'
 */
export function picked(file: { id: string | number; name: string; size: number; mime: string }): Upload {
  const base = { id: String(file.id), name: file.name, size: file.size, mime: file.mime, progress: 0 };
  if (!KINDS.test(file.mime)) return { ...base, state: 'wrongType' };
  return { ...base, state: file.size > UPLOAD_MAX_BYTES ? 'tooLarge' : 'uploading' };
}

/**
 * The upload after a host event. Progress never goes backwards; `done` needs a URL; once done,
 * cancelled or refused, later events (a host that sends twice, or late) change nothing.
 * @example onUploadEvent(u, { status: 'progress', progress: 40 }).progress // 40
 */
export function onUploadEvent(upload: Upload, event: { status: 'progress' | 'done' | 'failed'; progress?: number; url?: string }): Upload {
  if (FINAL.includes(upload.state)) return upload;
  if (event.status === 'failed') return { ...upload, state: 'failed' };
  if (event.status === 'done') return event.url ? { ...upload, state: 'done', progress: 100, url: event.url } : { ...upload, state: 'failed' };
  if (upload.state !== 'uploading') return upload;
  const progress = Math.min(99, Math.max(upload.progress, Math.round(Number(event.progress) || 0)));
  return { ...upload, progress };
}

/** Refused as soon as it was named (too large, or not a picture, sound or video): never an attachment. */
export const isRefused = (upload: Pick<Upload, 'state'>): boolean => upload.state === 'tooLarge' || upload.state === 'wrongType';

/**
 * How many of the form's attachment places the list takes: a refused file is listed with its reason
 * but takes none, so it never stops the user adding the file they meant.
 * @example slotsTaken([{ state: 'done' }, { state: 'tooLarge' }]) // 1
 */
export const slotsTaken = (uploads: readonly Pick<Upload, 'state'>[]): number => uploads.filter((u) => !isRefused(u)).length;

/** The user cancelled: only a running upload can be. */
export const cancelled = (upload: Upload): Upload => (upload.state === 'uploading' ? { ...upload, state: 'cancelled' } : upload);

/** The message key of a state the user must act on, or null. */
export function uploadMessage(state: UploadState): MessageKey | null {
  if (state === 'tooLarge') return 'error.fileTooLarge';
  if (state === 'failed') return 'error.uploadFailed';
  if (state === 'wrongType') return 'form.fileType';
  return null;
}
