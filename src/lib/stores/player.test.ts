import { beforeEach, describe, expect, it } from 'vitest';
import {
  $canShowLess, $canShowMore, $player, $shownSongs, setCurrent, setFullScreen, setMusicList, setPlaying, setStatePlay,
  showLess, showMore, type Song,
} from './player';

const songs = (count: number): Song[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Song ${i + 1}` }));

beforeEach(() => {
  setMusicList([]);
  setPlaying(false);
  setFullScreen(false);
});

describe('$player', () => {
  it('starts with spec §3 defaults: total 10, nothing playing', () => {
    expect($player.get()).toMatchObject({ playing: false, fullScreen: false, currentIndex: -1, index: 10, total: 10, musicList: [] });
  });

  it('shows the first 10 songs of a new list', () => {
    setMusicList(songs(25));
    expect($shownSongs.get().map((song) => song.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect($canShowMore.get()).toBe(true);
    expect($canShowLess.get()).toBe(false);
  });

  it('shows 10 more per show more until the list ends', () => {
    setMusicList(songs(25));
    showMore();
    expect($shownSongs.get()).toHaveLength(20);
    showMore();
    expect($shownSongs.get()).toHaveLength(25);
    expect($canShowMore.get()).toBe(false);
    showMore();
    expect($player.get().index).toBe(30);
  });

  it('shows 10 fewer per show less, never fewer than the first page', () => {
    setMusicList(songs(25));
    showMore();
    showMore();
    showLess();
    expect($shownSongs.get()).toHaveLength(20);
    showLess();
    showLess();
    expect($player.get().index).toBe(10);
    expect($canShowLess.get()).toBe(false);
  });

  it('starts a new list from the first page and without a current song', () => {
    setMusicList(songs(25));
    showMore();
    setCurrent(12);
    setMusicList(songs(5));
    expect($player.get()).toMatchObject({ index: 10, currentIndex: -1 });
    expect($canShowMore.get()).toBe(false);
  });

  it('chooses the current song only inside the list', () => {
    setMusicList(songs(3));
    setCurrent(2);
    expect($player.get().currentIndex).toBe(2);
    setCurrent(3);
    setCurrent(-1);
    setCurrent(1.5);
    expect($player.get().currentIndex).toBe(2);
  });

  it('records playing, full screen and the host play state', () => {
    setPlaying(true);
    setFullScreen(true);
    setStatePlay('paused');
    expect($player.get()).toMatchObject({ playing: true, fullScreen: true, statePlay: 'paused' });
  });
});
