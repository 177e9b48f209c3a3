/**
 * The song lists of /oppo-music and /center-station: the app's own list when the query names one
 * (`getSonglistInfo`), then the backend's playlists, and the spatial-audio songs; playing any of them
 * goes through the host (./play.ts, loaded once the page watches), and a page outside the app says to
 * open it there.
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { pageLocale } from '../i18n';
import { request } from '../request';
import { musicLists } from '../../shared/api/endpoints/music';
import { command, query } from '../bridge';
import { getSonglistInfo } from '../../shared/bridge/calls/music';
import { isContentId } from '../../shared/id';
import { fill, loading, type Loadable } from '../model/loadable';
import { queryParam } from '../nav';
import { showToast } from '../stores/ui';

export { $notice, $playingId } from './player';
export { findMusic } from './find';

// Playing (the preview, the quality, the host's answers) loads after the first screen, as the page
// starts watching. A load that failed (offline) is tried again at the next tap.
type Verbs = typeof import('./play');
let loaded: Promise<Verbs> | undefined;
const player = () =>
  (loaded ??= import('./play').catch((error: unknown) => {
    loaded = undefined;
    throw error;
  }));
// The page's watch of the player, started once its code is there (a tap may bring it after a failed load).
let startWatch: ((verbs: Verbs) => void) | undefined;

/** Runs `act` with the play verbs; when they cannot load, says the connection failed. */
async function withPlayer(act: (verbs: Verbs) => boolean): Promise<void> {
  let verbs: Verbs;
  try {
    verbs = await player();
  } catch {
    return showToast('error.noInternet');
  }
  startWatch?.(verbs);
  if (!act(verbs)) showToast('shell.openInAppHint');
}

type ApiSong = DataOf<typeof musicLists>['playlists'][number]['songs'][number];
/** A song as the page shows it: its cover checked (null: none to show). */
export type Song = Omit<ApiSong, 'cover'> & { cover: string | null };
export interface SongList {
  id: string;
  name: string;
  cover: string | null;
  songs: Song[];
  /** The user's own list, from the app: it can be edited there. */
  own?: boolean;
}
export type Page = 'oppo-music' | 'center-station';

export const $lists = atom<Loadable<{ lists: SongList[]; spatial: Song[] }>>(loading());

/** A cover the page may show: one of ours, or an inline image from the host; anything else is left out. */
const safeCover = (src: string | undefined) => (src && (/^\/covers\/\d+\.svg$/.test(src) || /^data:image\/(png|jpeg|webp);base64,/.test(src)) ? src : null);
const checked = <S extends { cover?: string }>(song: S) => ({ ...song, cover: safeCover(song.cover) });

/** The app's list named by the query (`id`), as the host describes it; null when there is none. */
function ownList(): SongList | null {
  const id = queryParam('id', /^[\w-]{1,40}$/);
  if (!id) return null;
  const info = query(getSonglistInfo, { id });
  if (!info.songs?.length) return null;
  const songs = info.songs
    .filter((s) => isContentId(String(s.id)))
    .map((s) => ({ id: String(s.id), name: s.name, artist: s.artist ?? '', cover: null, seconds: 0, vip: !!s.vip, paid: !!s.paid, spatial: false }));
  return { id, name: info.name ?? '', cover: safeCover(info.cover), songs, own: true };
}

/**
 * Loads the lists: the app's own first, then the editors'.
 * @example await loadLists()
 */
export const loadLists = (): Promise<void> =>
  fill($lists, async () => {
    const { playlists } = await request(musicLists, { locale: pageLocale() });
    const own = ownList();
    const editorial = playlists.filter((p) => p.kind === 'editorial').map((p) => ({ ...checked(p), songs: p.songs.map(checked) }));
    return { lists: own ? [own, ...editorial] : editorial, spatial: (playlists.find((p) => p.kind === 'spatial')?.songs ?? []).map(checked) };
  });

/**
 * Loads the lists and follows the host's player while the page shows.
 * @returns a function that stops following
 * @example useEffect(() => (signedIn ? watchLists() : undefined), [signedIn])
 */
export function watchLists(): () => void {
  void loadLists();
  let stop: (() => void) | undefined;
  let stopped = false;
  const start = (verbs: Verbs) => {
    if (!stopped && !stop) stop = verbs.watch();
  };
  startWatch = start;
  player().then(start, () => undefined);
  return () => {
    stopped = true;
    stop?.();
    if (startWatch === start) startWatch = undefined;
  };
}

/**
 * Plays one song of a list (spatial: in spatial audio, where the phone and membership allow).
 * @example playSong(song, { page: 'center-station', list: 'spatial', spatial: true })
 */
export const playSong = (song: Song, { page, list, spatial = false }: { page: Page; list: string; spatial?: boolean }): Promise<void> =>
  withPlayer((verbs) => verbs.play(song, { referrer: `${page}:${list}`, spatial }));

/**
 * Plays a whole list from its first song.
 * @example playList(list, 'oppo-music')
 */
export async function playList(list: SongList, page: Page): Promise<void> {
  const first = list.songs[0];
  if (first)
    await withPlayer((verbs) =>
      verbs.playAll({ id: list.id, first: first.id, vip: list.songs.filter((s) => s.vip).length }, { referrer: `${page}:${list.id}` }),
    );
}

/** The app's editor for the user's own list. @example editList(list.id) */
export const editList = (id: string): void => void command('goEditSonglist', { id });
