import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { $recent, $search, changeQuery, clearRecent, keep, leaveSearch, SEARCH_WAIT_MS, startSearch, submit } from './search';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const found = (query: string) => ({ results: [{ id: 'q1', question: `About ${query}`, category: 'playback' }] });

let page: ModelPage;
beforeEach(() => {
  vi.useFakeTimers();
  page = openPage();
  changeQuery('');
});
afterEach(() => {
  vi.useRealTimers();
  page.close();
});

describe('searching the help centre', () => {
  it('asks once typing pauses, for the last text typed', async () => {
    const api = fakeApi(vi.mocked(request), { '/api/help/search': ({ query }) => found(String(query)) });
    changeQuery('l');
    changeQuery('ly');
    changeQuery('  lyrics ');
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS - 1);
    expect(api.bodies('/api/help/search')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.bodies('/api/help/search')).toEqual([{ query: 'lyrics', locale: expect.any(String) }]);
    expect($search.get().results).toEqual({ for: 'lyrics', items: found('lyrics').results });
  });

  it('shows only the answer to the latest text, however late an earlier one arrives', async () => {
    const held: ((value: unknown) => void)[] = [];
    fakeApi(vi.mocked(request), { '/api/help/search': () => new Promise((resolve) => held.push(resolve)) });
    changeQuery('sync');
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS);
    changeQuery('lyrics');
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS);
    held[1]!(found('lyrics'));
    await vi.advanceTimersByTimeAsync(0);
    held[0]!(found('sync'));
    await vi.advanceTimersByTimeAsync(0);
    expect($search.get().results?.for).toBe('lyrics');
  });

  it('a failed search says why; the next answer clears it; an empty field clears all', async () => {
    let fail = true;
    fakeApi(vi.mocked(request), { '/api/help/search': ({ query }) => (fail ? Promise.reject(new ApiError('noInternet')) : found(String(query))) });
    changeQuery('vip');
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS);
    expect($search.get().failure).toBe('error.noInternet');
    fail = false;
    changeQuery('vip ');
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS);
    expect($search.get()).toMatchObject({ failure: null, results: { for: 'vip' } });
    changeQuery('  ');
    expect($search.get()).toEqual({ query: '  ', results: null, failure: null });
  });

  it('Enter asks at once and keeps the search among the recent ones, on the phone', async () => {
    const api = fakeApi(vi.mocked(request), { '/api/help/search': ({ query }) => found(String(query)) });
    changeQuery('Lyrics');
    submit();
    expect(api.bodies('/api/help/search')).toHaveLength(1);
    keep('lyrics');
    keep('vip');
    expect($recent.get()).toEqual(['vip', 'lyrics']);
    expect(JSON.parse(localStorage.getItem('help-recent-searches')!)).toEqual(['vip', 'lyrics']);
    clearRecent();
    expect($recent.get()).toEqual([]);
    expect(localStorage.getItem('help-recent-searches')).toBeNull();
  });

  it('starts with the recent searches kept, and searches what was typed before the script ran', async () => {
    localStorage.setItem('help-recent-searches', JSON.stringify(['a', 42, 'b']));
    const api = fakeApi(vi.mocked(request), { '/api/help/search': ({ query }) => found(String(query)) });
    startSearch('typed early');
    expect($recent.get()).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(SEARCH_WAIT_MS);
    expect(api.bodies('/api/help/search')).toEqual([{ query: 'typed early', locale: expect.any(String) }]);
  });

  it('Cancel goes back, or closes a page opened on its own', async () => {
    page.history.length = 2;
    leaveSearch();
    expect(page.history.back).toHaveBeenCalledOnce();
    page.history.length = 1;
    leaveSearch();
    // The app's exit when it has one (the fake host does), else finishPage (./close-page.test.ts);
    // its code loads on the tap.
    await vi.waitFor(() => expect(page.host!.calls.filter((c) => c.method === 'exit')).toHaveLength(1));
  });
});
