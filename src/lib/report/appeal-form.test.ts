import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/memory-storage';
import { ApiError, request } from '../api';
import { appealStatus, appealSubmit } from '../../shared/api/endpoints/appeal';

vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api')>()), request: vi.fn() }));
vi.mock('../bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../bridge')>()),
  commandWithReply: async () => [
    { id: 'p1', name: 'a.png', size: 1, mime: 'image/png' },
    { id: 'p2', name: 'b.gif', size: 1, mime: 'image/gif' },
  ],
}));
const { $appealSent, $subjects } = await import('./appeal');
type Subject = import('./appeal').Subject;
const { $chosen, appealForm, openAppeal, screenshots } = await import('./appeal-form');

const subject = (id: string, appealed = false): Subject => ({
  id,
  kind: 'comment',
  text: 'My review.',
  at: 1,
  until: null,
  appeal: appealed ? { id: `a-${id}`, reason: 'misjudged', state: 'submitted', createdAt: 2, decidedAt: null } : null,
});
const subjects = (...list: Subject[]) => $subjects.set({ state: 'ready', data: list });

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(request).mockReset();
  $appealSent.set(false);
});

describe('the appeal form model', () => {
  it("chooses the draft's subject, else the query's, else the only one, and only while it may be appealed", () => {
    subjects(subject('s1'), subject('s2'));
    openAppeal(null);
    expect($chosen.get()).toBeUndefined();
    openAppeal('s2');
    expect($chosen.get()?.id).toBe('s2');
    appealForm.update({ subjectId: 's1' });
    expect($chosen.get()?.id).toBe('s1');
    subjects(subject('s1', true), subject('s2'));
    expect($chosen.get()?.id).toBe('s2');
    sessionStorage.setItem('draft:appeal', JSON.stringify({ subjectId: { id: 's1' }, reason: 'bribe', pictures: 'all', attempt: 'k'.repeat(32) }));
    openAppeal(null);
    expect(appealForm.$values.get()).toEqual({ subjectId: null, reason: null, text: '', contact: '', pictures: [], attempt: 'k'.repeat(32) });
  });

  it('applies the rules: subject, reason, text and contact', async () => {
    subjects(subject('s1'), subject('s2'));
    openAppeal(null);
    appealForm.update({ contact: '12' });
    await appealForm.submit();
    expect(appealForm.$errors.get()).toEqual({
      subject: 'report.subjectRequired',
      reason: 'form.reasonRequired',
      text: 'form.required',
      contact: 'error.phoneFormat',
    });
    expect(request).not.toHaveBeenCalled();
  });

  it('keeps the screenshot notice through a submit, and sends the screenshots the rule let in', async () => {
    subjects(subject('s1'));
    openAppeal(null);
    await screenshots.add();
    expect(appealForm.$values.get().pictures.map((p) => p.id)).toEqual(['p1']);
    expect(appealForm.$errors.get()).toEqual({ pictures: 'form.screenshotType' });
    await appealForm.submit();
    expect(appealForm.$errors.get().pictures).toBe('form.screenshotType');
    vi.mocked(request).mockResolvedValue({ appeal: {}, subjects: [] });
    appealForm.update({ reason: 'misjudged', text: 'A review.', contact: 'me@example.com' });
    const attempt = appealForm.$values.get().attempt;
    expect(await Promise.all([appealForm.submit(), appealForm.submit()])).toEqual([true, false]);
    expect(request).toHaveBeenCalledWith(appealSubmit, {
      subjectId: 's1',
      reason: 'misjudged',
      description: 'A review.',
      contact: 'me@example.com',
      screenshots: [{ id: 'p1', name: 'a.png', size: 1, mime: 'image/png' }],
      attempt,
    });
    expect($appealSent.get()).toBe(true);
    expect(request).toHaveBeenCalledWith(appealStatus, {});
    expect(sessionStorage.getItem('draft:appeal')).toBeNull();
  });

  it('reloads the list when it was appealed meanwhile, and keeps what was typed', async () => {
    subjects(subject('s1'));
    openAppeal(null);
    appealForm.update({ reason: 'context', text: 'Context.', contact: 'me@example.com' });
    vi.mocked(request)
      .mockRejectedValueOnce(new ApiError('appealOpen'))
      .mockResolvedValueOnce({ subjects: [subject('s1', true)] });
    expect(await appealForm.submit()).toBe(false);
    expect(appealForm.$errors.get()).toEqual({ submit: 'error.appealOpen' });
    expect(appealForm.$values.get()).toMatchObject({ reason: 'context', text: 'Context.' });
    // The list, reloaded, shows that appeal; nothing is left to choose.
    await vi.waitFor(() => expect($chosen.get()).toBeUndefined());
  });
});
