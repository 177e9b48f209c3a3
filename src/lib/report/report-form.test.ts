import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import { ApiError, request } from '../api';
import { reportSubmit } from '../../shared/api/endpoints/report-submit';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
const { openReport, reasonsFor, reportForm } = await import('./report-form');

const comment = { type: 'comment' as const, id: 'c1' };

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(request).mockReset();
});

describe('the report form model', () => {
  it('keeps a draft per reported content, and drops a reason that is no reason', () => {
    openReport(comment);
    reportForm.update({ reason: 'fraud', text: 'Asks for passwords.' });
    openReport({ type: 'song', id: 's1' });
    expect(reportForm.$values.get()).toMatchObject({ reason: null, text: '' });
    openReport(comment);
    expect(reportForm.$values.get()).toMatchObject({ reason: 'fraud', text: 'Asks for passwords.' });
    sessionStorage.setItem('draft:report:comment:c2', JSON.stringify({ reason: 'hack', text: ['x'], attempt: 'k'.repeat(32) }));
    openReport({ type: 'comment', id: 'c2' });
    expect(reportForm.$values.get()).toEqual({ reason: null, text: '', attempt: 'k'.repeat(32) });
  });

  it('offers the reasons of the content type', () => {
    expect(reasonsFor({ type: 'song', id: 's1' })).toContain('infringement');
    expect(reasonsFor(comment)).not.toContain('infringement');
  });

  it('needs a reason, and a description for "other"', async () => {
    openReport(comment);
    await reportForm.submit();
    expect(reportForm.$errors.get()).toEqual({ reason: 'form.reasonRequired' });
    reportForm.update({ reason: 'other' });
    await reportForm.submit();
    expect(reportForm.$errors.get()).toEqual({ text: 'report.describeOther' });
    expect(request).not.toHaveBeenCalled();
  });

  it('sends once, keeps everything when it fails, and forgets the draft once sent', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError('noInternet')).mockResolvedValue({ report: {}, duplicate: true });
    openReport(comment);
    reportForm.update({ reason: 'spam', text: ' links ' });
    const attempt = reportForm.$values.get().attempt;
    await reportForm.submit();
    expect(reportForm.$errors.get()).toEqual({ submit: 'error.noInternet' });
    expect(reportForm.$values.get()).toMatchObject({ reason: 'spam', text: ' links ' });
    expect(await Promise.all([reportForm.submit(), reportForm.submit()])).toEqual([true, false]);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith(reportSubmit, { type: 'comment', id: 'c1', reason: 'spam', description: 'links', attempt });
    expect(reportForm.$result.get()).toEqual({ state: 'sent', duplicate: true });
    expect(sessionStorage.getItem('draft:report:comment:c1')).toBeNull();
  });

  it('ends as "gone" when the content was removed while the user wrote', async () => {
    vi.mocked(request).mockRejectedValue(new ApiError('contentGone'));
    openReport(comment);
    reportForm.update({ reason: 'spam' });
    expect(await reportForm.submit()).toBe(true);
    expect(reportForm.$result.get()).toEqual({ state: 'gone' });
    expect(sessionStorage.getItem('draft:report:comment:c1')).toBeNull();
  });
});
