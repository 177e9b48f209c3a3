import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../shared/limits';
import { cancelled, isRefused, onUploadEvent, picked, slotsTaken, uploadMessage } from './upload';

const video = { id: 'f1', name: 'clip.mp4', size: 5_000_000, mime: 'video/mp4' };

describe('an upload', () => {
  it('is refused at 1 byte over 200M, and taken at exactly 200M', () => {
    expect(picked({ ...video, size: UPLOAD_MAX_BYTES }).state).toBe('uploading');
    expect(picked({ ...video, size: UPLOAD_MAX_BYTES + 1 }).state).toBe('tooLarge');
    expect(picked({ ...video, size: 201 * 1024 * 1024 }).state).toBe('tooLarge');
    expect(uploadMessage('tooLarge')).toBe('error.fileTooLarge');
  });

  it('takes images, audio and video only', () => {
    for (const mime of ['image/jpeg', 'audio/mpeg', 'video/mp4', 'IMAGE/PNG']) expect(picked({ ...video, mime }).state).toBe('uploading');
    for (const mime of ['application/pdf', 'text/html', '', 'imagex/png']) expect(picked({ ...video, mime }).state).toBe('wrongType');
  });

  it('takes no attachment place when refused: a 201 MB video or a PDF is listed but not counted', () => {
    const list = [
      picked(video),
      picked({ ...video, id: 'f2', size: 201 * 1024 * 1024 }),
      picked({ ...video, id: 'f3', name: 'a.pdf', mime: 'application/pdf' }),
      onUploadEvent(picked({ ...video, id: 'f4' }), { status: 'failed' }),
    ];
    expect(list.map(isRefused)).toEqual([false, true, true, false]);
    expect(slotsTaken(list)).toBe(2);
    expect(slotsTaken([])).toBe(0);
  });

  it('moves forward through progress to done with its URL', () => {
    let upload = picked({ ...video, id: 7 });
    expect(upload).toMatchObject({ id: '7', state: 'uploading', progress: 0 });
    upload = onUploadEvent(upload, { status: 'progress', progress: 40 });
    upload = onUploadEvent(upload, { status: 'progress', progress: 25 });
    expect(upload.progress).toBe(40);
    upload = onUploadEvent(upload, { status: 'progress', progress: 100 });
    expect(upload).toMatchObject({ state: 'uploading', progress: 99 });
    upload = onUploadEvent(upload, { status: 'done', url: 'https://cdn.example.com/u/7' });
    expect(upload).toMatchObject({ state: 'done', progress: 100, url: 'https://cdn.example.com/u/7' });
  });

  it('fails on a failure, or on done without a URL', () => {
    expect(onUploadEvent(picked(video), { status: 'failed' }).state).toBe('failed');
    expect(onUploadEvent(picked(video), { status: 'done' }).state).toBe('failed');
    expect(uploadMessage('failed')).toBe('error.uploadFailed');
  });

  it('ignores what the host says after the end: a second done, late progress, events after cancel', () => {
    const done = onUploadEvent(picked(video), { status: 'done', url: 'u1' });
    expect(onUploadEvent(done, { status: 'done', url: 'u2' })).toBe(done);
    expect(onUploadEvent(done, { status: 'failed' })).toBe(done);
    const stopped = cancelled(onUploadEvent(picked(video), { status: 'progress', progress: 10 }));
    expect(stopped.state).toBe('cancelled');
    expect(onUploadEvent(stopped, { status: 'done', url: 'u' })).toBe(stopped);
    expect(cancelled(done)).toBe(done);
  });

  it('treats a nonsense progress as no progress', () => {
    expect(onUploadEvent(picked(video), { status: 'progress', progress: Number.NaN }).progress).toBe(0);
    expect(onUploadEvent(picked(video), { status: 'progress', progress: -5 }).progress).toBe(0);
  });
});
