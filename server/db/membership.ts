/**
 * Membership in the database: what the pages read, and the days a paid order, a redeemed code or the
 * seed adds. Here, below the API, so the seed and the handlers share it without the data layer
 * importing the API.
 */
import type { ResponseOf } from '../../src/lib/api/contract';
import { svipWorth } from '../../src/lib/vip/tiers';
import type { DatabaseSync as Db } from 'node:sqlite';
import { DAY } from '../time';

type Membership = ResponseOf<'vipStatus'>['membership'];

/**
 * The user's membership as the pages read it: `none` (expiresAt null) when never a member; a lapsed
 * one reads `none` too but keeps its past expiry.
 */
export function membershipOf(db: Db, uid: string, nowSec: number): Membership {
  const row = db.prepare('SELECT tier, expires_at FROM memberships WHERE uid = ?').get(uid);
  if (!row) return { tier: 'none', expiresAt: null };
  const expiresAt = Number(row.expires_at);
  return { tier: expiresAt > nowSec ? (row.tier as 'vip' | 'svip') : 'none', expiresAt };
}

/** The prices of the VIP and SVIP month plans (not auto-renewing), 0 when one is missing. */
function monthPrices(db: Db): { vip: number; svip: number } {
  const price = (id: string) => Number(db.prepare('SELECT price_cents FROM plans WHERE id = ?').get(id)?.price_cents ?? 0);
  return { vip: price('vip-month'), svip: price('svip-month') };
}

/**
 * Adds `days` of `tier` to the user's membership: from the current expiry while it is still valid,
 * else from now. VIP days added to an active SVIP membership become SVIP time of the same worth
 * (src/lib/vip/tiers.ts): never SVIP days at VIP money. SVIP days make the whole membership SVIP.
 * Call inside a transaction. Returns whether the user was an active member before, and the new expiry.
 */
export function extendMembership(db: Db, uid: string, tier: 'vip' | 'svip', days: number, nowSec: number) {
  const current = db.prepare('SELECT tier, expires_at FROM memberships WHERE uid = ?').get(uid);
  const active = !!current && Number(current.expires_at) > nowSec;
  const from = active ? Number(current.expires_at) : nowSec;
  const svipKept = active && current.tier === 'svip' && tier === 'vip';
  const expiresAt = from + Math.round((svipKept ? svipWorth(days, monthPrices(db)) : days) * DAY);
  const nextTier = svipKept ? 'svip' : tier;
  db.prepare(
    'INSERT INTO memberships (uid, tier, expires_at) VALUES (?, ?, ?) ON CONFLICT (uid) DO UPDATE SET tier = excluded.tier, expires_at = excluded.expires_at',
  ).run(uid, nextTier, expiresAt);
  return { renewed: active, expiresAt };
}
