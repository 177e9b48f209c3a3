import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { $session } from '../session';
import { $question, $vote, loadQuestion, vote, type Answer } from './question';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const answer = (vote: boolean | null = null): Answer => ({
  question: { id: 'playback-trial', category: 'playback', categoryTitle: 'Playback', question: 'Why 60 s?', answer: 'A preview.' },
  vote,
  related: [],
});

let page: ModelPage;
beforeEach(() => {
  $question.set(loading());
  $vote.set({ helpful: null, sending: false, failure: null });
  $session.set('signed-in');
});
afterEach(() => {
  page.close();
  $session.set('checking');
});

describe('a question of the help centre', () => {
  it('shows the answer the id names, with the vote the user gave before', async () => {
    page = openPage({ search: '?id=playback-trial' });
    const api = fakeApi(vi.mocked(request), { '/api/help/question': () => answer(true) });
    await loadQuestion('question');
    expect($question.get()).toMatchObject({ state: 'ready', data: { kind: 'answer' } });
    expect($vote.get().helpful).toBe(true);
    expect(api.bodies('/api/help/question')[0]).toMatchObject({ id: 'playback-trial' });
  });

  it('without a signed-in user, shows the public answer with no vote', async () => {
    page = openPage({ search: '?id=playback-trial', host: false });
    $session.set('no-app');
    const { vote: _, ...everyone } = answer(true);
    const api = fakeApi(vi.mocked(request), { '/api/help/answer': () => everyone });
    await loadQuestion('question');
    expect($question.get()).toEqual({ state: 'ready', data: { kind: 'answer', answer: { ...everyone, vote: null } } });
    expect($vote.get().helpful).toBeNull();
    expect(api.bodies('/api/help/question')).toEqual([]);
  });

  it('has nothing to show without a valid id, and asks nothing', async () => {
    page = openPage({ search: '?id=<script>' });
    const api = fakeApi(vi.mocked(request), {});
    await loadQuestion('question');
    expect($question.get()).toEqual({ state: 'failed', error: 'error.noContent' });
    expect(api.bodies('/api/help/question')).toEqual([]);
  });

  it('lists the playback questions on /detail-questions without an id', async () => {
    page = openPage();
    const questions = [{ id: 'playback-trial', question: 'Why 60 s?' }];
    fakeApi(vi.mocked(request), {
      '/api/help/common': () => ({
        categories: [
          { id: 'other', title: 'Other', questions: [] },
          { id: 'playback', title: 'Playback', questions },
        ],
        hotline: { dial: '1', display: '1' },
        email: '',
      }),
    });
    await loadQuestion('playback');
    expect($question.get()).toEqual({ state: 'ready', data: { kind: 'playback', questions } });
  });

  it('sends one vote however often it is tapped, and shows the one the server kept', async () => {
    page = openPage({ search: '?id=playback-trial' });
    const api = fakeApi(vi.mocked(request), { '/api/help/question': () => answer(), '/api/help/vote': () => ({ helpful: false }) });
    await loadQuestion('question');
    const first = vote(true);
    expect($vote.get()).toEqual({ helpful: true, sending: true, failure: null });
    await Promise.all([first, vote(false), vote(true)]);
    expect(api.bodies('/api/help/vote')).toEqual([{ id: 'playback-trial', helpful: true }]);
    expect($vote.get()).toEqual({ helpful: false, sending: false, failure: null });
  });

  it('a vote that fails says why and can be given again', async () => {
    page = openPage({ search: '?id=playback-trial' });
    let fail = true;
    const api = fakeApi(vi.mocked(request), {
      '/api/help/question': () => answer(),
      '/api/help/vote': ({ helpful }) => (fail ? Promise.reject(new ApiError('timeout')) : { helpful }),
    });
    await loadQuestion('question');
    await vote(true);
    expect($vote.get()).toEqual({ helpful: null, sending: false, failure: 'error.timeout' });
    fail = false;
    await vote(true);
    expect($vote.get()).toEqual({ helpful: true, sending: false, failure: null });
    expect(api.bodies('/api/help/vote')).toHaveLength(2);
  });
});
