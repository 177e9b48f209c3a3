import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../shared/limits';

// A fake host: commands are recorded (and refused outside the app), events are sent by the test.
const host = vi.hoisted(() => ({
  inApp: true,
  commands: [] as [string, unknown][],
  handlers: new Map<string, (payload: any) => void>(),
}));
vi.mock('../bridge', () => ({
  command: (method: string, args: unknown) => {
    host.commands.push([method, args]);
    return host.inApp ? { ok: true } : { ok: false, reason: 'unavailable' };
  },
  onHost: ({ name: event }: { name: string }, handler: (payload: unknown) => void) => {
    host.handlers.set(event, handler);
    return () => host.handlers.delete(event);
  },
}));
const { uploadList } = await import('./uploads');

const emit = (event: string, payload: unknown) => host.handlers.get(event)?.(payload);
const video = { id: 'f1', name: 'clip.mp4', size: 5_000_000, mime: 'video/mp4' };

beforeEach(() => {
  host.inApp = true;
  host.commands = [];
  host.handlers.clear();
});

describe('the uploads model', () => {
  it('opens the picker for a kind with the 200M limit, and follows the picked file to done', () => {
    const changes = vi.fn();
    const files = uploadList(changes);
    expect(files.add('video')).toBe(true);
    expect(host.commands).toEqual([['uploadFile', { accept: 'video', maxBytes: UPLOAD_MAX_BYTES }]]);
    emit('acquireFileCallback', video);
    emit('uploadFileCallback', { id: 'f1', status: 'progress', progress: 40 });
    expect(files.$uploads.get()).toMatchObject([{ id: 'f1', state: 'uploading', progress: 40 }]);
    emit('uploadFileCallback', { id: 'f1', status: 'done', url: 'https://cdn.example.com/f1' });
    expect(files.$uploads.get()).toMatchObject([{ state: 'done', progress: 100, url: 'https://cdn.example.com/f1' }]);
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('refuses a file 1 byte over 200M, or not a picture, sound or video, and stops its upload', () => {
    const files = uploadList(() => {});
    files.add('video');
    emit('acquireFileCallback', { ...video, size: UPLOAD_MAX_BYTES + 1 });
    files.add('image');
    emit('acquireFileCallback', { ...video, id: 'f2', name: 'a.pdf', mime: 'application/pdf' });
    files.add('video');
    emit('acquireFileCallback', { ...video, id: 'f3', size: UPLOAD_MAX_BYTES });
    expect(files.$uploads.get().map((u) => u.state)).toEqual(['tooLarge', 'wrongType', 'uploading']);
    expect(host.commands.filter(([method]) => method === 'cancelUploadFile')).toEqual([
      ['cancelUploadFile', { id: 'f1' }],
      ['cancelUploadFile', { id: 'f2' }],
    ]);
  });

  it('says so outside the app, and takes no file it did not ask for', () => {
    const files = uploadList(() => {});
    host.inApp = false;
    expect(files.add('image')).toBe(false);
    emit('acquireFileCallback', video);
    emit('uploadFileCallback', { id: 'f9', status: 'done', url: 'u' });
    expect(files.$uploads.get()).toEqual([]);
  });

  it('cancels a running upload, and removing one that runs stops it too', () => {
    const files = uploadList(() => {});
    files.add('video');
    emit('acquireFileCallback', video);
    files.cancel('f1');
    expect(files.$uploads.get()[0]!.state).toBe('cancelled');
    files.add('audio');
    emit('acquireFileCallback', { ...video, id: 'f2', mime: 'audio/mpeg' });
    host.commands = [];
    files.remove('f2');
    files.remove('f1');
    expect(host.commands).toEqual([['cancelUploadFile', { id: 'f2' }]]);
    expect(files.$uploads.get()).toEqual([]);
  });

  it('retries a failed file by opening the picker of its kind in its place', () => {
    const files = uploadList(() => {});
    files.add('image');
    emit('acquireFileCallback', { ...video, mime: 'image/png' });
    emit('uploadFileCallback', { id: 'f1', status: 'failed' });
    host.commands = [];
    expect(files.retry('f1')).toBe(true);
    expect(files.$uploads.get()).toEqual([]);
    expect(host.commands).toEqual([['uploadFile', { accept: 'image', maxBytes: UPLOAD_MAX_BYTES }]]);
    expect(files.retry('nothing')).toBe(false);
  });

  it("restores a draft's finished uploads without saving them again", () => {
    const changes = vi.fn();
    const files = uploadList(changes);
    files.restore([{ ...video, state: 'done', progress: 100, url: 'u' }]);
    expect(files.$uploads.get()).toHaveLength(1);
    expect(changes).not.toHaveBeenCalled();
  });
});
