/**
 * Music, for /download only: the download quota and history. Times are Unix seconds. The
 * quota arithmetic is src/shared/music/quota.ts, shared with the server.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const quality = v.picklist(['standard', 'high', 'lossless']);

/** A download of the user's, with the song's name and artist. */
export const download = v.object({ id: v.string(), songId: v.string(), name: v.string(), artist: v.string(), quality, createdAt: int });

/**
 * The user's membership and this cycle's quota: `quota` null without a membership (the page says
 * why downloads need one).
 */
export const downloadQuota = endpoint(
  '/api/music/quota',
  v.object({}),
  v.object({
    membership: v.object({ tier: v.picklist(['none', 'vip', 'svip']), expiresAt: v.nullable(int) }),
    quota: v.nullable(v.object({ total: count, used: count, cycleStart: int, endsAt: int, renews: v.boolean(), validDays: count })),
  }),
);

/** The user's downloads, newest first, `limit` at a time (cursor as the coin records'). */
export const downloadHistory = endpoint(
  '/api/music/downloads',
  v.object({ cursor: v.nullable(v.pipe(v.string(), v.maxLength(80))), limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)) }),
  v.object({
    items: v.array(download),
    next: v.nullable(v.string()),
  }),
);
