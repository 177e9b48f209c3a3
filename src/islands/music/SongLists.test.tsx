// @vitest-environment happy-dom
/**
 * The song lists' empty states: a shelf with no playlists and a playlist with no songs each say so,
 * with the action that fills them (the app's search, or the app's editor for the user's own list).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, expect, it } from 'vitest';
import en from '../../shared/messages/en-US.json';
import { setPageText } from '../../lib/i18n';
import { $lists, type SongList } from '../../lib/music/lists';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import SongLists from './SongLists';
import { $session } from '../../lib/session';

let root: HTMLElement;
let host: FakeHost;

beforeEach(() => {
  host = installFakeHost(window);
  root = document.createElement('div');
  document.body.append(root);
  setPageText('en-US', { shell: en.shell, error: en.error, music: en.music });
  // Read already, as the page's first island reads it (src/islands/ui/page.ts), and signed out: the
  // lists drawn are the store's below, not loaded afresh for a signed-in user.
  $session.set('signed-out');
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
  host.uninstall();
});

const show = async (lists: SongList[]) => {
  $lists.set({ state: 'ready', data: { lists, spatial: [] } });
  act(() => render(<SongLists page="oppo-music" />, root));
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};
const buttons = (name: string) => [...root.querySelectorAll('button')].filter((b) => b.textContent === name);

it('no playlists: says so, and Find more music asks the app', async () => {
  await show([]);
  expect(root.querySelector('.music-empty')?.textContent).toBe(en.music.noLists);
  act(() => buttons(en.music.findMusic)[0]!.click());
  expect(host.calls.filter((c) => c.method === 'foundMusic')).toHaveLength(1);
});

it("a playlist with no songs: says so; an editors' list offers Find music, the user's own list its editor", async () => {
  await show([
    { id: 'p-empty', name: 'Empty', cover: null, songs: [] },
    { id: 'mine', name: 'Mine', cover: null, songs: [], own: true },
  ]);
  expect([...root.querySelectorAll('.playlist .music-empty')].map((p) => p.textContent)).toEqual([en.music.emptyList, en.music.emptyList]);
  act(() => buttons(en.music.findSongs)[0]!.click());
  expect(host.calls.filter((c) => c.method === 'foundMusic')).toHaveLength(1);
  act(() => buttons(en.music.editList)[0]!.click());
  expect(host.calls.filter((c) => c.method === 'goEditSonglist').map((c) => c.arg)).toEqual([{ id: 'mine' }]);
});
