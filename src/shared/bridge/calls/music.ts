/** The bridge calls of the music pages (docs/bridge.md): song lists, playing, spatial audio. */
import * as v from 'valibot';
import { flag, id, yesNo } from '../schemas';
import { handlerSpec, querySpec } from '../spec';

const opt = v.optional;

/** @example v.parse(song, { id: 1, name: 'A', artist: 'B', vip: 0, paid: false }) */
export const song = v.object({ id, name: v.string(), artist: opt(v.string()), vip: opt(flag), paid: opt(flag) });

/**
 * The fallback is `{}`, so every field is optional; a songlist without `songs` simply has none.
 * @example v.parse(songlist, { id: 1, name: 'Favourites', songs: [] })
 */
export const songlist = v.object({ id: opt(id), name: opt(v.string()), cover: opt(v.string()), songs: opt(v.array(song)) });

/**
 * Codes of onPlayErrorCallback; each maps to a catalogue message (`playErrorKey` in lib/music/play-errors).
 * @example PLAY_ERROR_CODES.includes('vip_only') // true
 */
export const PLAY_ERROR_CODES = ['no_copyright', 'vip_only', 'paid', 'unsupported_version', 'no_lyrics', 'spatial_unsupported', 'spatial_vip'] as const;
/** @example const code: PlayErrorCode = 'no_copyright' */
export type PlayErrorCode = (typeof PLAY_ERROR_CODES)[number];

export const getUserAuth = querySpec('getUserAuth', v.object({ authorized: v.boolean() }), { authorized: false });
export const getSonglistInfo = querySpec('getSonglistInfo', songlist, {}, v.object({ id }));
export const isSupportSpatialAudio = querySpec('isSupportSpatialAudio', yesNo, false);

export const onPlayCallback = handlerSpec('onPlayCallback', v.object({ resourceId: id, state: id }));
export const onPlayErrorCallback = handlerSpec('onPlayErrorCallback', v.object({ resourceId: id, code: v.string() }));
