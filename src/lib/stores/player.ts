/**
 * The song list and play state (spec §3 playing, fullScreen, currentIndex, index, total, musicList,
 * statePlay; §2 song lists with play all, show more and show less).
 */
import { computed, map } from 'nanostores';

/** A song as the host's getSonglistInfo lists it. */
export interface Song {
  id: string | number;
  name: string;
  artist?: string | undefined;
  vip?: boolean | undefined;
  paid?: boolean | undefined;
}

export interface Player {
  playing: boolean;
  fullScreen: boolean;
  /** Position in musicList of the song playing or last chosen; -1 for none. */
  currentIndex: number;
  /** How many songs the list shows; moves by `total` with show more / show less. */
  index: number;
  /** Songs added or removed per show more / show less (spec §3: 10). */
  total: number;
  musicList: Song[];
  /**
   * The host's last play state (onPlayCallback `state`, a string or a number as the app sends it), ''
   * before any. Kept as sent: the contract does not name its values, so `playing` is set on its own.
   */
  statePlay: string | number;
}

export const PAGE_SIZE = 10;

const INITIAL: Player = {
  playing: false, fullScreen: false, currentIndex: -1, index: PAGE_SIZE, total: PAGE_SIZE, musicList: [], statePlay: '',
};

/** @example $player.get().musicList.length // 25 */
export const $player = map<Player>({ ...INITIAL });

/**
 * A new list: shows the first page again and forgets the current song.
 * @example setMusicList(songlist.songs)
 */
export function setMusicList(musicList: Song[]): void {
  $player.set({ ...$player.get(), musicList: [...musicList], currentIndex: -1, index: $player.get().total });
}

/** @example setPlaying(true) */
export function setPlaying(playing: boolean): void {
  $player.setKey('playing', playing);
}

/**
 * Chooses the song at this position; an index outside the list is ignored.
 * @example setCurrent(3)
 */
export function setCurrent(currentIndex: number): void {
  const { musicList } = $player.get();
  if (Number.isInteger(currentIndex) && currentIndex >= 0 && currentIndex < musicList.length) {
    $player.setKey('currentIndex', currentIndex);
  }
}

/** @example setFullScreen(true) */
export function setFullScreen(fullScreen: boolean): void {
  $player.setKey('fullScreen', fullScreen);
}

/**
 * Records the host's play state for the current song.
 * @example setStatePlay('paused')
 */
export function setStatePlay(statePlay: string | number): void {
  $player.setKey('statePlay', statePlay);
}

/**
 * Shows `total` more songs, while some are still hidden.
 * @example showMore() // index 10 → 20
 */
export function showMore(): void {
  const { index, total, musicList } = $player.get();
  if (index < musicList.length) $player.setKey('index', index + total);
}

/**
 * Shows `total` fewer songs, never fewer than the first page.
 * @example showLess() // index 20 → 10
 */
export function showLess(): void {
  const { index, total } = $player.get();
  $player.setKey('index', Math.max(total, index - total));
}

/** @example $shownSongs.get().length // 10 */
export const $shownSongs = computed($player, ({ musicList, index }) => musicList.slice(0, index));

/** Whether "show more" has anything to show. @example $canShowMore.get() // true */
export const $canShowMore = computed($player, ({ musicList, index }) => index < musicList.length);

/** Whether "show less" has anything to hide. @example $canShowLess.get() // false */
export const $canShowLess = computed($player, ({ total, index }) => index > total);
