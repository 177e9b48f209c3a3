import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { loading } from '../model/loadable';
import { $session } from '../session';
import { $conditions, $status, addSongs, watchConditions } from './conditions';
import { $sending, submit } from './submit';
import { $playlist } from './submission';
import { $submitted, finish, loadSubmitted, type Submission } from './submitted';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const songs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `S${i + 1}` }));
const review = (name = 'Mine'): Submission => ({ id: 'sub-1', playlistId: 'fav', name, songs: 12, state: 'reviewing', createdAt: 1, reviewBy: 2 });
const openOn = (count: number, host = {}) =>
  openPage({ search: '?id=fav', host: { authorized: true, songlists: { fav: { name: ' Mine ', songs: songs(count) } }, ...host } });

let page: ModelPage;
beforeEach(() => {
  $session.set('signed-in');
  $status.set(loading());
  $submitted.set(loading());
  $sending.set({ state: 'idle' });
});
afterEach(() => page.close());

describe('the conditions to submit a playlist', () => {
  it('are all met for a signed-in, authorised user with 10 to 200 songs and nothing under review', async () => {
    page = openOn(10);
    fakeApi(vi.mocked(request), { '/api/submission/status': () => ({ open: null, last: null }) });
    const stop = watchConditions(true);
    await vi.waitFor(() => expect($conditions.get().ready).toBe(true));
    expect($playlist.get()).toEqual({ id: 'fav', name: 'Mine', songIds: Array.from({ length: 10 }, (_, i) => String(i + 1)) });
    stop();
  });

  it('each says when it is not met', async () => {
    page = openOn(201, { authorized: false });
    fakeApi(vi.mocked(request), { '/api/submission/status': () => ({ open: review(), last: null }) });
    const stop = watchConditions(true);
    await vi.waitFor(() => expect($status.get().state).toBe('ready'));
    expect($conditions.get()).toMatchObject({ signedIn: true, authorized: false, sized: false, oneAtATime: false, open: { name: 'Mine' }, ready: false });
    stop();
    $session.set('signed-out');
    expect($conditions.get()).toMatchObject({ signedIn: false, ready: false });
  });

  it('without a signed-in user still reads the playlist, and asks the server nothing', () => {
    page = openOn(9);
    const api = fakeApi(vi.mocked(request), {});
    watchConditions(false)();
    expect($playlist.get()?.songIds).toHaveLength(9);
    expect($conditions.get().sized).toBe(false);
    expect(api.bodies('/api/submission/status')).toEqual([]);
  });

  it('are checked again when the app comes back (authorised, songs added there)', async () => {
    page = openOn(3, { authorized: false });
    const api = fakeApi(vi.mocked(request), { '/api/submission/status': () => ({ open: null, last: null }) });
    const stop = watchConditions(true);
    await vi.waitFor(() => expect($status.get().state).toBe('ready'));
    addSongs();
    expect(page.host!.calls.filter((c) => c.method === 'goEditSonglist').map((c) => c.arg)).toEqual([{ id: 'fav' }]);
    page.host!.setState({ authorized: true, songlists: { fav: { name: 'Mine', songs: songs(12) } } });
    page.host!.emit('onResume');
    await vi.waitFor(() => expect($conditions.get().ready).toBe(true));
    expect(api.bodies('/api/submission/status')).toHaveLength(2);
    stop();
  });

  it('a failed check is a message to retry', async () => {
    page = openOn(10);
    fakeApi(vi.mocked(request), { '/api/submission/status': () => Promise.reject(new ApiError('noInternet')) });
    const stop = watchConditions(true);
    await vi.waitFor(() => expect($status.get()).toEqual({ state: 'failed', error: 'error.noInternet' }));
    expect($conditions.get().ready).toBe(false);
    stop();
  });
});

describe('submitting', () => {
  it('sends once however often it is tapped, then goes to /submit-success', async () => {
    page = openOn(12);
    const api = fakeApi(vi.mocked(request), { '/api/submission': () => ({ submission: review() }) });
    watchConditions(false)();
    await Promise.all([submit(), submit()]);
    expect(api.bodies('/api/submission')).toHaveLength(1);
    expect(api.bodies('/api/submission')[0]).toMatchObject({ playlistId: 'fav', name: 'Mine', songIds: expect.any(Array) });
    expect($sending.get()).toEqual({ state: 'sent' });
    expect(page.location.href).toBe('/submit-success?id=sub-1');
    await submit();
    expect(api.bodies('/api/submission')).toHaveLength(1);
  });

  it('a failure says why, and the retry is the same submission (the same attempt key)', async () => {
    page = openOn(12);
    let fail = true;
    const api = fakeApi(vi.mocked(request), { '/api/submission': () => (fail ? Promise.reject(new ApiError('timeout')) : { submission: review() }) });
    watchConditions(false)();
    await submit();
    expect($sending.get()).toEqual({ state: 'failed', error: 'error.timeout' });
    fail = false;
    await submit();
    const [first, second] = api.bodies('/api/submission');
    expect(second!.attempt).toBe(first!.attempt);
    expect(String(first!.attempt).length).toBeGreaterThanOrEqual(16);
  });

  it('sends nothing without a playlist', async () => {
    page = openPage();
    const api = fakeApi(vi.mocked(request), {});
    watchConditions(false)();
    await submit();
    expect(api.bodies('/api/submission')).toEqual([]);
    expect($sending.get()).toEqual({ state: 'idle' });
  });
});

describe('the submission sent', () => {
  it('is the one under review, else the last one decided', async () => {
    page = openPage();
    fakeApi(vi.mocked(request), { '/api/submission/status': () => ({ open: null, last: review('Old') }) });
    await loadSubmitted();
    expect($submitted.get()).toMatchObject({ state: 'ready', data: { name: 'Old' } });
  });

  it('Done closes the page in the app, and goes back in a browser', () => {
    page = openPage();
    finish();
    expect(page.host!.calls.filter((c) => c.method === 'finishPage')).toHaveLength(1);
    expect(page.history.back).not.toHaveBeenCalled();
    page.close();
    page = openPage({ host: false });
    finish();
    expect(page.history.back).toHaveBeenCalledOnce();
  });
});
