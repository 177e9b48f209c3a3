import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../api';
import { feedbackConfig } from '../../shared/api/endpoints/feedback';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const host = vi.hoisted(() => ({ player: {} as Record<string, unknown> }));
vi.mock('../bridge', async (importOriginal) => ({ ...(await importOriginal<typeof import('../bridge')>()), query: () => host.player }));
const { $feedbackConfig, $feedbackSent, feedbackOrigin, loadFeedbackConfig, markSent } = await import('./feedback');

const config = { types: [{ id: 'music' as const, label: 'Music content' }], phoneOptional: true, codeRequired: false };

beforeEach(() => vi.mocked(request).mockReset());

describe('the feedback page model', () => {
  it('loads the options in the locale, and keeps them on screen when another locale fails', async () => {
    vi.mocked(request).mockResolvedValueOnce(config).mockRejectedValueOnce(new ApiError('timeout'));
    await loadFeedbackConfig('en-US');
    expect(request).toHaveBeenCalledWith(feedbackConfig, { locale: 'en-US' });
    expect($feedbackConfig.get()).toEqual({ state: 'ready', data: config });
    await loadFeedbackConfig('th-TH');
    expect($feedbackConfig.get()).toEqual({ state: 'failed', error: 'error.timeout', data: config });
  });

  it('from the player: the query preselects a known type (else music) and the song playing can be attached', () => {
    host.player = { playing: true, resourceId: 's04' };
    expect(feedbackOrigin('player', '?type=interface')).toEqual({ presetType: 'interface', song: 's04' });
    expect(feedbackOrigin('player', '?type=<script>')).toEqual({ presetType: 'music', song: 's04' });
    host.player = { playing: false, resourceId: '../../etc' };
    expect(feedbackOrigin('player', '')).toEqual({ presetType: 'music', song: null });
    expect(feedbackOrigin('help', '?type=interface')).toEqual({ presetType: null, song: null });
  });

  it('says sent when the form says so', () => {
    markSent();
    expect($feedbackSent.get()).toBe(true);
  });
});
