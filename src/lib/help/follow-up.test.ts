import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import { ApiError, request } from '../api';
import { feedbackFollowUp } from '../../shared/api/endpoints/feedback';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const { followUp, openFollowUp } = await import('./follow-up');

const message = { id: 'm1', from: 'user' as const, text: 'It happens on Wi-Fi too.', at: 1 };

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(request).mockReset();
});

describe('the follow-up model', () => {
  it('keeps one draft per feedback, and reads a tampered one as empty text', () => {
    openFollowUp('fb-1');
    followUp.update({ text: 'first' });
    openFollowUp('fb-2');
    expect(followUp.$values.get().text).toBe('');
    openFollowUp('fb-1');
    expect(followUp.$values.get().text).toBe('first');
    sessionStorage.setItem('draft:follow-up:fb-3', JSON.stringify({ text: { $gt: '' }, attempt: 'k'.repeat(32) }));
    openFollowUp('fb-3');
    expect(followUp.$values.get()).toEqual({ text: '', attempt: 'k'.repeat(32) });
  });

  it('needs a message under 400 characters', async () => {
    openFollowUp('fb-1');
    await followUp.submit();
    expect(followUp.$errors.get()).toEqual({ text: 'form.required' });
    followUp.update({ text: '👍'.repeat(400) });
    await followUp.submit();
    expect(followUp.$errors.get()).toEqual({ text: 'error.tooLong' });
    expect(request).not.toHaveBeenCalled();
  });

  it('sends once, the same message on a retry, and answers with the thread message', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError('timeout')).mockResolvedValue({ message });
    openFollowUp('fb-1');
    followUp.update({ text: ' It happens on Wi-Fi too. ' });
    const attempt = followUp.$values.get().attempt;
    expect(await followUp.submit()).toBe(false);
    expect(followUp.$values.get().text).toBe(' It happens on Wi-Fi too. ');
    expect(await Promise.all([followUp.submit(), followUp.submit()])).toEqual([true, false]);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith(feedbackFollowUp, { id: 'fb-1', text: 'It happens on Wi-Fi too.', attempt });
    expect(followUp.$result.get()).toEqual(message);
    expect(sessionStorage.getItem('draft:follow-up:fb-1')).toBeNull();
  });
});
