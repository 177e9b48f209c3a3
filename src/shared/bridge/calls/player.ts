/**
 * The player's state (docs/bridge.md), which the music pages and the feedback form (the song playing
 * when the user writes) both read: its own module, so a page that reads it bundles no other music call.
 */
import * as v from 'valibot';
import { id } from '../schemas';
import { querySpec } from '../spec';

/** @example v.parse(playerState, { playing: true, resourceId: 12 }) */
export const playerState = v.object({ playing: v.boolean(), resourceId: v.optional(id) });

export const getPlayerState = querySpec('getPlayerState', playerState, { playing: false });
