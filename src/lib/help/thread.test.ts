import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { dataOf, loading } from '../model/loadable';
import { $thread, addFollowUp, loadThread, type Thread } from './thread';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const thread = (): Thread => ({
  feedback: {
    id: 'f1',
    type: 'other',
    typeLabel: 'Other',
    description: 'd',
    contact: 'a@b.co',
    state: 'replied',
    attachments: [],
    screenshots: [],
    log: false,
    song: null,
    createdAt: 1,
  },
  messages: [{ id: 'm1', from: 'support', text: 'Hello', at: 2 }],
});

let page: ModelPage;
beforeEach(() => $thread.set(loading()));
afterEach(() => page.close());

describe('one feedback and its thread', () => {
  it('loads the feedback the id names; a failure is a message to retry', async () => {
    page = openPage({ search: '?id=f1' });
    let fail = true;
    const api = fakeApi(vi.mocked(request), { '/api/feedback/detail': () => (fail ? Promise.reject(new ApiError('noInternet')) : thread()) });
    await loadThread();
    expect($thread.get()).toEqual({ state: 'failed', error: 'error.noInternet' });
    fail = false;
    await loadThread();
    expect($thread.get()).toEqual({ state: 'ready', data: thread() });
    expect(api.bodies('/api/feedback/detail')[0]).toMatchObject({ id: 'f1' });
  });

  it('has nothing to show for an id that is not one, and asks nothing', async () => {
    page = openPage({ search: '?id=../../etc' });
    const api = fakeApi(vi.mocked(request), {});
    await loadThread();
    expect($thread.get()).toEqual({ state: 'failed', error: 'error.noContent' });
    expect(api.bodies('/api/feedback/detail')).toEqual([]);
  });

  it("a follow-up sent ends the thread and puts the feedback back in support's hands", async () => {
    page = openPage({ search: '?id=f1' });
    fakeApi(vi.mocked(request), { '/api/feedback/detail': () => thread() });
    await loadThread();
    addFollowUp({ id: 'm2', from: 'user', text: 'Thanks', at: 3 });
    const data = dataOf($thread.get());
    expect(data?.feedback.state).toBe('inProgress');
    expect(data?.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
  });
});
