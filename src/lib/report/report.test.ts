import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../api';
import { reportTarget } from '../../shared/api/endpoints/report';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const host = vi.hoisted(() => ({ comment: {} as Record<string, unknown> }));
vi.mock('../bridge', async (importOriginal) => ({ ...(await importOriginal<typeof import('../bridge')>()), query: () => host.comment }));
const { $report, $target, checkTarget, finishReport, startReport } = await import('./report');

beforeEach(() => vi.mocked(request).mockReset());

describe('what a report page reports', () => {
  it("shows the host's words at once, then the backend's, and is ready", async () => {
    host.comment = { commentId: 9, content: 'Best song!', author: 'Mira' };
    vi.mocked(request).mockResolvedValue({ target: { type: 'comment', id: '9', title: 'Best song of the year!' } });
    const checking = startReport('comment', '', 'vi-VN');
    expect($target.get()).toEqual({ type: 'comment', id: '9', title: 'Best song!', detail: 'Mira' });
    expect($report.get()).toEqual({ state: 'loading' });
    await checking;
    expect(request).toHaveBeenCalledWith(reportTarget, { type: 'comment', id: '9', locale: 'vi-VN' });
    expect($target.get()).toEqual({ type: 'comment', id: '9', title: 'Best song of the year!', detail: 'Mira' });
    expect($report.get()).toEqual({ state: 'ready' });
  });

  it('has nothing to report when the host or the query names nothing allowed', async () => {
    host.comment = { commentId: '<img src=x>' };
    await startReport('comment', '', 'en-US');
    expect($report.get()).toEqual({ state: 'none' });
    await startReport('content', '?type=album&id=1', 'en-US');
    expect($report.get()).toEqual({ state: 'none' });
    expect(request).not.toHaveBeenCalled();
  });

  it('says when the content is gone, and lets a failed check be tried again', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError('contentGone'));
    await startReport('content', '?type=song&id=s01', 'en-US');
    expect($report.get()).toEqual({ state: 'gone' });
    vi.mocked(request)
      .mockRejectedValueOnce(new ApiError('timeout'))
      .mockResolvedValueOnce({ target: { type: 'song', id: 's01' } });
    await checkTarget();
    expect($report.get()).toEqual({ state: 'failed', error: 'error.timeout' });
    await checkTarget();
    expect($report.get()).toEqual({ state: 'ready' });
  });

  it("takes the form's outcome", () => {
    finishReport({ state: 'sent', duplicate: true });
    expect($report.get()).toEqual({ state: 'sent', duplicate: true });
  });
});
