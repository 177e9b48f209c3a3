/**
 * Music: the song lists of the music area. The download quota and history are
 * ./music-downloads.ts, so the list pages do not load their schemas.
 */
import * as v from 'valibot';
import { LOCALES } from '../../locale';
import { endpoint } from '../endpoint';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const song = v.object({
  id: v.string(),
  name: v.string(),
  artist: v.string(),
  /** A path on this site (`/covers/3.svg`). */
  cover: v.string(),
  seconds: count,
  vip: v.boolean(),
  paid: v.boolean(),
  spatial: v.boolean(),
});

export const playlist = v.object({ id: v.string(), name: v.string(), cover: v.string(), kind: v.picklist(['editorial', 'spatial']), songs: v.array(song) });

/**
 * The music area's playlists with their songs, in the catalogue's order, named in the locale (a page
 * of before, asking without one, gets the catalogue's names).
 */
export const musicLists = endpoint('/api/music/lists', v.object({ locale: v.optional(v.picklist(LOCALES)) }), v.object({ playlists: v.array(playlist) }));
