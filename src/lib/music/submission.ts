/**
 * Submitting a playlist to be featured (/song-test → /good-list → /submit-success) starts from the
 * playlist the app opened the page from: the one the `id` query names, as the app describes it. Each
 * page's own part is its own module (./conditions.ts, ./submit.ts, ./submitted.ts), so a page loads
 * only its part.
 */
import { atom } from 'nanostores';
import { query } from '../bridge';
import { getSonglistInfo } from '../../shared/bridge/calls/music';
import { isContentId } from '../../shared/id';
import { queryParam } from '../nav';

export interface SubmittedPlaylist {
  id: string;
  name: string;
  songIds: string[];
}

/** The playlist as the app describes it; null without a valid `id` or outside the app. */
export const $playlist = atom<SubmittedPlaylist | null>(null);

/** Reads the playlist the query names from the app. @example useEffect(readPlaylist, [session]) */
export function readPlaylist(): void {
  const id = typeof location === 'undefined' ? null : queryParam('id', /^[\w-]{1,40}$/);
  const info = id ? query(getSonglistInfo, { id }) : {};
  $playlist.set(id && info.songs ? { id, name: info.name?.trim() || id, songIds: info.songs.map((s) => String(s.id)).filter(isContentId) } : null);
}
