import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openPage, type ModelPage } from '../../../tests/fixtures/model-page';
import { ApiError, request } from '../api';
import { dataOf, loading } from '../model/loadable';
import { setMembership } from '../stores/membership';
import { setSelfInfo } from '../stores/self-info';
import { $dialog, $toast, answerDialog, hideToast } from '../stores/ui';
import { $lists, $notice, $playingId, editList, loadLists, playList, playSong, watchLists, type Song } from './lists';
import { $quality, chooseQuality } from './quality';
import { stopTrial } from './trial';

vi.mock('../api', async (importActual) => ({ ...(await importActual<typeof import('../api')>()), request: vi.fn() }));

const song = (id: string, extra: Partial<Song> & { cover?: string } = {}) => ({
  id,
  name: `Song ${id}`,
  artist: 'A',
  cover: '/covers/1.svg',
  seconds: 200,
  vip: false,
  paid: false,
  spatial: false,
  ...extra,
});
const playlists = () => ({
  playlists: [
    {
      id: 'p-daily',
      name: 'Daily',
      cover: 'https://evil.example/x.png',
      kind: 'editorial' as const,
      songs: [song('s1'), song('s2', { cover: 'javascript:alert(1)' })],
    },
    { id: 'p-spatial', name: 'Spatial', cover: '/covers/2.svg', kind: 'spatial' as const, songs: [song('s9', { spatial: true })] },
  ],
});
const lists = () => dataOf($lists.get());
const launches = (page: ModelPage) => page.host!.calls.filter((c) => c.method === 'launchPlay').map((c) => c.arg);

let page: ModelPage;
beforeEach(() => {
  $lists.set(loading());
  $playingId.set(null);
  $notice.set(null);
  $quality.set('standard');
  hideToast();
  setMembership(null);
  setSelfInfo({ dev_app_version: '12.3.0' });
});
afterEach(async () => {
  stopTrial();
  // A dialog takes a history entry of its own: it is closed while the page is still there.
  if ($dialog.get()) answerDialog(false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  page.close();
});

describe('the song lists', () => {
  it("put the app's own list first, then the editors'; the spatial songs apart; covers only from us or inline", async () => {
    page = openPage({
      search: '?id=fav',
      host: {
        songlists: {
          fav: {
            id: 'fav',
            name: 'Mine',
            cover: 'data:image/png;base64,AAAA',
            songs: [
              { id: 7, name: 'Own', vip: true },
              { id: '../x', name: 'Bad' },
            ],
          },
        },
      },
    });
    fakeApi(vi.mocked(request), { '/api/music/lists': () => playlists() });
    await loadLists();
    const shown = lists()!;
    expect(shown.lists.map((l) => [l.id, l.cover])).toEqual([
      ['fav', 'data:image/png;base64,AAAA'],
      ['p-daily', null],
    ]);
    expect(shown.lists[0]!.songs).toMatchObject([{ id: '7', vip: true, cover: null }]);
    expect(shown.lists[1]!.songs.map((s) => s.cover)).toEqual(['/covers/1.svg', null]);
    expect(shown.spatial.map((s) => s.id)).toEqual(['s9']);
  });

  it('a failure is a message to retry', async () => {
    page = openPage();
    let fail = true;
    fakeApi(vi.mocked(request), { '/api/music/lists': () => (fail ? Promise.reject(new ApiError('noInternet')) : playlists()) });
    await loadLists();
    expect($lists.get()).toEqual({ state: 'failed', error: 'error.noInternet' });
    fail = false;
    await loadLists();
    expect(lists()?.lists).toHaveLength(1);
  });

  it('follow the host player while watched: the song playing is the one the host reports', async () => {
    page = openPage({ host: { player: { playing: true, resourceId: 's2' } } });
    fakeApi(vi.mocked(request), { '/api/music/lists': () => playlists() });
    const stop = watchLists();
    await vi.waitFor(() => expect($playingId.get()).toBe('s2'));
    page.host!.emit('onPlayCallback', { resourceId: 's1', state: 'playing' });
    expect($playingId.get()).toBe('s1');
    stop();
    page.host!.emit('onPlayCallback', { resourceId: 's9', state: 'playing' });
    expect($playingId.get()).toBe('s1');
  });
});

describe('playing from the lists', () => {
  it('asks the host to play the song or the whole list, naming the page and list', async () => {
    page = openPage({ host: { authorized: true } });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    await playList({ id: 'p-daily', name: 'Daily', cover: null, songs: [song('s1'), song('s2')] as Song[] }, 'center-station');
    expect(launches(page)).toEqual([
      { resourceId: 's1', type: 'song', referrer: 'oppo-music:p-daily', bitrateType: 'standard' },
      { resourceId: 'p-daily', type: 'playlist', referrer: 'center-station:p-daily', bitrateType: 'standard' },
    ]);
    expect($playingId.get()).toBe('s1');
  });

  it('outside the app says to open the page there', async () => {
    page = openPage({ host: false });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    expect($toast.get()).toEqual({ key: 'shell.openInAppHint' });
  });

  it('refuses on an app too old to play, and asks for the authorisation first', async () => {
    page = openPage({ host: { authorized: false } });
    setSelfInfo({ dev_app_version: '9.9.0' });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    expect($toast.get()).toEqual({ key: 'error.unsupportedVersion' });
    setSelfInfo({ dev_app_version: '12.3.0' });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    await vi.waitFor(() => expect($dialog.get()?.messageKey).toBe('music.authorizeHint'));
    expect(launches(page)).toEqual([]);
  });

  it('plays spatial audio only for a member on a phone that has it, and previews a VIP song for a non-member', async () => {
    vi.useFakeTimers();
    try {
      page = openPage({ host: { authorized: true, spatialAudio: true } });
      await playSong(song('s9', { vip: true }), { page: 'center-station', list: 'spatial', spatial: true });
      expect(launches(page).at(-1)).toMatchObject({ type: 'song' });
      expect($toast.get()).toEqual({ key: 'error.spatialVip' });
      await vi.advanceTimersByTimeAsync(59_000);
      expect($dialog.get()).toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect($dialog.get()?.messageKey).toBe('music.trialEnded'));
      answerDialog(false);
      setMembership({ isLogin: true, is_member: 1 });
      await playSong(song('s9', { vip: true }), { page: 'center-station', list: 'spatial', spatial: true });
      expect(launches(page).at(-1)).toMatchObject({ type: 'spatial' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a non-member before and while a VIP song plays that it is a 60-second preview; a free song ends the notice', async () => {
    page = openPage({ host: { authorized: true } });
    const stop = watchLists();
    await playSong(song('v1', { vip: true }), { page: 'oppo-music', list: 'p-daily' });
    expect($notice.get()).toEqual({ kind: 'preview', id: 'v1', name: 'Song v1', playing: false });
    page.host!.emit('onPlayCallback', { resourceId: 'v1', state: 'playing' });
    expect($notice.get()).toMatchObject({ kind: 'preview', playing: true });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    expect($notice.get()).toBeNull();
    stop();
  });

  it('Play all of a list with VIP songs says they play as previews, to a non-member only', async () => {
    page = openPage({ host: { authorized: true } });
    const list = { id: 'p', name: 'P', cover: null, songs: [song('s1'), song('v1', { vip: true }), song('v2', { vip: true })] as Song[] };
    await playList(list, 'oppo-music');
    expect($notice.get()).toEqual({ kind: 'previewList', count: 2 });
    setMembership({ isLogin: true, is_member: 1 });
    await playList(list, 'oppo-music');
    expect($notice.get()).toBeNull();
  });

  it('a no-lyrics error leaves the way to how lyrics are matched', async () => {
    page = openPage({ host: { authorized: true, playError: 'no_lyrics' } });
    const stop = watchLists();
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    await vi.waitFor(() => expect($notice.get()).toEqual({ kind: 'noLyrics' }));
    expect($toast.get()).toEqual({ key: 'error.noLyrics' });
    stop();
  });

  it('sends the chosen quality; lossless only for a member, and a lapsed member plays high', async () => {
    page = openPage({ host: { authorized: true } });
    expect(chooseQuality('high')).toBe(true);
    expect(chooseQuality('lossless')).toBe(false);
    expect($notice.get()).toEqual({ kind: 'losslessVip' });
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    setMembership({ isLogin: true, is_member: 1 });
    expect(chooseQuality('lossless')).toBe(true);
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    setMembership(null);
    await playSong(song('s1'), { page: 'oppo-music', list: 'p-daily' });
    expect(launches(page).map((c) => (c as { bitrateType: string }).bitrateType)).toEqual(['high', 'lossless', 'high']);
  });

  it("opens the app's editor for the user's own list", () => {
    page = openPage();
    editList('fav');
    expect(page.host!.calls.filter((c) => c.method === 'goEditSonglist').map((c) => c.arg)).toEqual([{ id: 'fav' }]);
  });
});
