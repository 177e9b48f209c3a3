/**
 * What the song-list pages know of the host's player, on the first screen: the song playing, and the
 * notice that goes with playing (a VIP preview, a list with VIP songs, no lyrics, lossless refused).
 * The verbs that change them (./play.ts, ./quality.ts) load after the page.
 */
import { atom } from 'nanostores';

/** The song the host says is playing (or last played), by id; null before any. */
export const $playingId = atom<string | null>(null);

export type Notice =
  /** A non-member's VIP song: a 60-second preview, about to start (`playing` false) or playing. */
  | { kind: 'preview'; id: string; name: string; playing: boolean }
  /** Play all of a list with `count` VIP songs, for a non-member: those play as previews. */
  | { kind: 'previewList'; count: number }
  /** The host had no lyrics for the song (onPlayErrorCallback `no_lyrics`). */
  | { kind: 'noLyrics' }
  /** A non-member chose lossless quality, which needs membership (spec §6). */
  | { kind: 'losslessVip' };

/** @example $notice.get()?.kind // 'preview' */
export const $notice = atom<Notice | null>(null);
