/**
 * Membership in the database: what the pages read, and the days a paid order, a redeemed code or the
 * seed adds. Here, below the API, so the seed and the handlers share it without the data layer
 * importing the API.
 */
import type { ResponseOf } from '../../src/lib/api/contract';
import type { Db } from './index';

type Membership = ResponseOf<'vipStatus'>['membership'];

const DAY_SECONDS = 86_400;

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

/**
 * Adds `days` of `tier` to the user's membership: from the current expiry while it is still valid,
 * else from now. svip is kept while valid when vip days are added (the days still count). Call inside
 * a transaction. Returns whether the user was an active member before, and the new expiry.
 */
export function extendMembership(db: Db, uid: string, tier: 'vip' | 'svip', days: number, nowSec: number) {
  const current = db.prepare('SELECT tier, expires_at FROM memberships WHERE uid = ?').get(uid);
  const active = !!current && Number(current.expires_at) > nowSec;
  const from = active ? Number(current.expires_at) : nowSec;
  const expiresAt = from + days * DAY_SECONDS;
  const nextTier = tier === 'svip' || !active || current.tier !== 'svip' ? tier : 'svip';
  db.prepare(
    'INSERT INTO memberships (uid, tier, expires_at) VALUES (?, ?, ?) ON CONFLICT (uid) DO UPDATE SET tier = excluded.tier, expires_at = excluded.expires_at',
  ).run(uid, nextTier, expiresAt);
  return { renewed: active, expiresAt };
}
