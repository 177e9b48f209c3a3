import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import { ApiError, request } from '../api';
import { feedbackCode, feedbackSong, feedbackSubmit } from '../../shared/api/endpoints/feedback';
import { setSelfInfo } from '../stores/self-info';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const host = vi.hoisted(() => ({ commands: [] as [string, unknown][], handlers: new Map<string, Set<(payload: any) => void>>() }));
vi.mock('../bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../bridge')>()),
  command: (method: string, args: unknown) => (host.commands.push([method, args]), { ok: true }),
  onHost: ({ name: event }: { name: string }, handler: (payload: unknown) => void) => {
    if (!host.handlers.has(event)) host.handlers.set(event, new Set());
    host.handlers.get(event)!.add(handler);
    return () => host.handlers.get(event)!.delete(handler);
  },
}));
const { $needsCode, $playingSong, feedbackForm, files, log, openFeedback, resend, sendCode } = await import('./feedback-form');

const config = { phoneOptional: false, codeRequired: false };
const ATTEMPT = 'k'.repeat(32);
const emit = (event: string, payload: unknown) => host.handlers.get(event)?.forEach((handler) => handler(payload));
const filled = { type: 'music', description: 'Lyrics are late.', contact: 'me@example.com' } as const;

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(request).mockReset();
  host.commands = [];
  // The app's base info (spec §3): its region reads a national phone number (server/api/contact-key.ts).
  setSelfInfo({ dev_region: 'SG' });
  openFeedback(config, { presetType: null, song: null });
});
afterEach(() => resend.stop());

describe('the feedback form model', () => {
  it('reads a tampered draft as safe values, and never throws', () => {
    sessionStorage.setItem(
      'draft:feedback',
      JSON.stringify({
        type: 'bitcoin',
        description: ['a'],
        contact: { evil: true },
        important: 'yes',
        phone: 'x'.repeat(100_000),
        code: 123456,
        attachments: [{ id: 'f1', state: 'uploading' }, 'junk', { id: 'f2', name: 'a.mp4', mime: 'video/mp4', size: 1, url: 'u', state: 'done' }],
        pictures: [
          { id: 'p1', name: 'a.gif', mime: 'image/gif', size: 1 },
          { id: 'p2', name: 'b.png', mime: 'image/png', size: 1, thumbnail: 7 },
        ],
        log: 1,
        song: null,
        attempt: ATTEMPT,
      }),
    );
    expect(() => openFeedback(config, { presetType: 'music', song: null })).not.toThrow();
    expect(feedbackForm.$values.get()).toEqual({
      type: null,
      description: '',
      contact: '',
      important: false,
      phone: '',
      code: '',
      attachments: [{ id: 'f2', name: 'a.mp4', mime: 'video/mp4', size: 1, url: 'u', state: 'done', progress: 100 }],
      pictures: [{ id: 'p2', name: 'b.png', mime: 'image/png', size: 1 }],
      log: false,
      song: true,
      attempt: ATTEMPT,
    });
    expect(files.$uploads.get()).toHaveLength(1);
  });

  it('starts with the type the player preselected, unless a draft says otherwise', () => {
    openFeedback(config, { presetType: 'interface', song: 's04' });
    expect(feedbackForm.$values.get().type).toBe('interface');
  });

  it("applies the spec's rules: every field's message at once, the phone for an important question", async () => {
    feedbackForm.update({ important: true });
    expect(await feedbackForm.submit()).toBe(false);
    expect(feedbackForm.$errors.get()).toEqual({
      type: 'form.typeRequired',
      description: 'form.descriptionRequired',
      contact: 'error.contactEmpty',
      phone: 'form.phoneRequired',
    });
    feedbackForm.update({ ...filled, description: 'x'.repeat(400), phone: '0812 3456 789' });
    await feedbackForm.submit();
    expect(feedbackForm.$errors.get()).toEqual({ description: 'error.tooLong' });
    expect(request).not.toHaveBeenCalled();
  });

  it('waits for uploads and for the log before sending', async () => {
    feedbackForm.update(filled);
    files.add('video');
    emit('acquireFileCallback', { id: 'f1', name: 'a.mp4', size: 10, mime: 'video/mp4' });
    feedbackForm.update({ log: true });
    expect(host.commands).toContainEqual(['uploadFeedbackLog', { logFileName: `feedback-${feedbackForm.$values.get().attempt}.log` }]);
    await feedbackForm.submit();
    expect(feedbackForm.$errors.get()).toEqual({ uploads: 'form.uploadUnfinished', log: 'form.uploadUnfinished' });
    emit('uploadFileCallback', { id: log.$log.get()!.id, status: 'failed' });
    await feedbackForm.submit();
    expect(feedbackForm.$errors.get().log).toBe('error.uploadFailed');
    expect(request).not.toHaveBeenCalled();
  });

  it('sends without the files the rules refused: listed with their reason, never waited for or sent', async () => {
    vi.mocked(request).mockResolvedValue({});
    feedbackForm.update(filled);
    files.add('video');
    emit('acquireFileCallback', { id: 'f1', name: 'huge.mp4', size: 201 * 1024 * 1024, mime: 'video/mp4' });
    files.add('image');
    emit('acquireFileCallback', { id: 'f2', name: 'a.pdf', size: 10, mime: 'application/pdf' });
    expect(files.$uploads.get().map((u) => u.state)).toEqual(['tooLarge', 'wrongType']);
    expect(await feedbackForm.submit()).toBe(true);
    expect(vi.mocked(request).mock.calls[0]![1]).toMatchObject({ attachments: [] });
  });

  it('sends once however often submit is tapped, with what the form holds', async () => {
    vi.mocked(request).mockResolvedValue({});
    openFeedback(config, { presetType: null, song: 's04' });
    feedbackForm.update({ ...filled, contact: ' me@example.com ' });
    files.add('video');
    emit('acquireFileCallback', { id: 'f1', name: 'a.mp4', size: 10, mime: 'video/mp4' });
    emit('uploadFileCallback', { id: 'f1', status: 'done', url: 'https://cdn.example.com/f1' });
    const attempt = feedbackForm.$values.get().attempt;
    const sent = await Promise.all([feedbackForm.submit(), feedbackForm.submit()]);
    expect(sent).toEqual([true, false]);
    // (The other call names the song playing: feedbackSong.)
    expect(vi.mocked(request).mock.calls.filter(([endpoint]) => endpoint === feedbackSubmit)).toHaveLength(1);
    expect(request).toHaveBeenCalledWith(feedbackSubmit, {
      ...filled,
      important: false,
      phone: '',
      code: '',
      attachments: [{ id: 'f1', name: 'a.mp4', mime: 'video/mp4', size: 10, url: 'https://cdn.example.com/f1' }],
      screenshots: [],
      log: null,
      song: 's04',
      region: 'SG',
      locale: 'en-US',
      attempt,
    });
  });

  it('names the song playing from the catalogue; an answer for a song no longer open is dropped', async () => {
    let answer!: (value: unknown) => void;
    vi.mocked(request).mockImplementation(
      (endpoint) => (endpoint === feedbackSong ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({})) as never,
    );
    openFeedback(config, { presetType: null, song: 's04' });
    expect(request).toHaveBeenCalledWith(feedbackSong, { id: 's04' });
    answer({ song: { id: 's04', name: 'Saigon Rain', artist: 'Linh Nguyen' } });
    await vi.waitFor(() => expect($playingSong.get()).toEqual({ name: 'Saigon Rain', artist: 'Linh Nguyen' }));

    openFeedback(config, { presetType: null, song: 's05' });
    const late = answer;
    openFeedback(config, { presetType: null, song: null });
    late({ song: { id: 's05', name: 'Bangkok 2 AM', artist: 'Ploy & The Tuk-Tuks' } });
    await Promise.resolve();
    await Promise.resolve();
    expect($playingSong.get()).toBeNull();
  });

  it('keeps everything on a refused send, and shows a code problem at the code field', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError('codeRequired')).mockRejectedValueOnce(new ApiError('feedbackLimit'));
    feedbackForm.update(filled);
    const before = feedbackForm.$values.get();
    expect(await feedbackForm.submit()).toBe(false);
    expect($needsCode.get()).toBe(true);
    expect(feedbackForm.$errors.get()).toEqual({ code: 'error.codeRequired' });
    feedbackForm.update({ code: '123456' });
    await feedbackForm.submit();
    expect(feedbackForm.$errors.get()).toEqual({ submit: 'error.feedbackLimit' });
    expect(feedbackForm.$values.get()).toEqual({ ...before, code: '123456' });
    expect(JSON.parse(sessionStorage.getItem('draft:feedback')!)).toMatchObject({ description: filled.description });
  });

  it('forgets the draft once sent', async () => {
    vi.mocked(request).mockResolvedValue({});
    feedbackForm.update(filled);
    expect(sessionStorage.getItem('draft:feedback')).not.toBeNull();
    await feedbackForm.submit();
    expect(sessionStorage.getItem('draft:feedback')).toBeNull();
    expect(feedbackForm.$result.get()).toBeUndefined();
  });

  it('sends a code to the contact, then waits as long as the backend says', async () => {
    vi.useFakeTimers();
    await sendCode();
    expect(feedbackForm.$errors.get().contact).toBe('error.contactEmpty');
    vi.mocked(request).mockResolvedValueOnce({ resendAfter: 60 }).mockRejectedValueOnce(new ApiError('codeTooSoon'));
    feedbackForm.update({ contact: ' me@example.com ' });
    await sendCode();
    // The app's region goes with it: a national phone number is read in it (server/api/contact-key.ts).
    expect(request).toHaveBeenCalledWith(feedbackCode, { contact: 'me@example.com', region: 'SG' });
    expect(resend.$left.get()).toBe(60);
    vi.advanceTimersByTime(60_000);
    expect(resend.$left.get()).toBe(0);
    await sendCode();
    expect(feedbackForm.$errors.get().code).toBe('error.codeTooSoon');
    vi.useRealTimers();
  });
});
