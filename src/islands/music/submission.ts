/** The playlist being submitted, as the app describes it: the one the `id` query names (checked). */
import { isContentId } from '../../lib/id';
import { query } from '../../lib/bridge';
import { queryParam } from '../../lib/nav';

export interface SubmittedPlaylist {
  id: string;
  name: string;
  songIds: string[];
}

/** @example submittedPlaylist() // { id: '1', name: 'Favourites', songIds: ['11', '12'] } or null */
export function submittedPlaylist(): SubmittedPlaylist | null {
  if (typeof location === 'undefined') return null;
  const id = queryParam('id', /^[\w-]{1,40}$/);
  if (!id) return null;
  const info = query('getSonglistInfo', { id });
  if (!info.songs) return null;
  return { id, name: info.name?.trim() || id, songIds: info.songs.map((s) => String(s.id)).filter(isContentId) };
}
