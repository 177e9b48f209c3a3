import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { myFeedback, watchMyFeedback } from './my-feedback';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const item = (id: string, unread = false) => ({
  id,
  type: 'other' as const,
  typeLabel: 'Other',
  excerpt: 'x',
  state: 'submitted' as const,
  unread,
  createdAt: 1,
  updatedAt: 1,
});

let page: ModelPage;
afterEach(() => page.close());

describe("the user's feedback", () => {
  it('loads page after page with the cursor, and a failed page is retried where it stopped', async () => {
    page = openPage();
    let fail = false;
    const api = fakeApi(vi.mocked(request), {
      '/api/feedback/list': ({ cursor }) =>
        fail ? Promise.reject(new ApiError('timeout')) : cursor ? { items: [item('b')], next: null } : { items: [item('a')], next: 'c1' },
    });
    await myFeedback.reload();
    fail = true;
    await myFeedback.loadMore();
    expect(myFeedback.$list.get()).toMatchObject({ failure: 'error.timeout', done: false });
    fail = false;
    await myFeedback.loadMore();
    expect(myFeedback.$list.get()).toMatchObject({ failure: null, done: true });
    expect(myFeedback.$list.get().items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(api.bodies('/api/feedback/list').map((b) => b.cursor)).toEqual([null, 'c1', 'c1']);
    expect(api.bodies('/api/feedback/list')[0]).toMatchObject({ limit: 20 });
  });

  it('starts over when the page is shown again from the bfcache or the app resumes, until let go', async () => {
    page = openPage();
    let unread = false;
    const api = fakeApi(vi.mocked(request), { '/api/feedback/list': () => ({ items: [item('a', unread)], next: null }) });
    const stop = watchMyFeedback();
    await vi.waitFor(() => expect(myFeedback.$list.get().done).toBe(true));
    unread = true;
    page.showAgain(false);
    page.showAgain(true);
    await vi.waitFor(() => expect(myFeedback.$list.get().items[0]?.unread).toBe(true));
    page.host!.emit('onResume');
    await vi.waitFor(() => expect(api.bodies('/api/feedback/list')).toHaveLength(3));
    stop();
    page.showAgain(true);
    page.host!.emit('onResume');
    expect(api.bodies('/api/feedback/list')).toHaveLength(3);
    expect(myFeedback.$list.get().items).toHaveLength(1);
  });
});
