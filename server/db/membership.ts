/**
 * Membership in the database: what the pages read, and the days a paid order, a renewal charge, a
 * redeemed code or the seed adds, by the ledger's rules (src/shared/vip/ledger.ts: SVIP first, VIP after
 * it, nothing converted). Here, below the API, so the seed and the handlers share it without the data
 * layer importing the API.
 */
import type { DatabaseSync as Db } from 'node:sqlite';
import { grant, NO_LEDGER, standing, type Grant, type Ledger, type Standing, type Tier } from '../../src/shared/vip/ledger';

/** The user's ledger row; NO_LEDGER when never a member. */
export function ledgerRow(db: Db, uid: string): Ledger {
  const row = db.prepare('SELECT svip_until, expires_at FROM memberships WHERE uid = ?').get(uid);
  return row ? { svipUntil: Number(row.svip_until), expiresAt: Number(row.expires_at) } : NO_LEDGER;
}

/**
 * The user's membership as the pages read it: `none` (expiresAt null) when never a member; a lapsed
 * one reads `none` too but keeps its past expiry.
 */
export const membershipOf = (db: Db, uid: string, nowSec: number): Standing => standing(ledgerRow(db, uid), nowSec);

/**
 * Adds `days` of `tier` to the user's membership at `nowSec`. Call inside a transaction.
 * @returns what the grant did (its effect, when its days run, the ledger after)
 */
export function extendMembership(db: Db, uid: string, tier: Tier, days: number, nowSec: number): Grant {
  const granted = grant(ledgerRow(db, uid), tier, days, nowSec);
  db.prepare(
    'INSERT INTO memberships (uid, svip_until, expires_at) VALUES (?, ?, ?) ON CONFLICT (uid) DO UPDATE SET svip_until = excluded.svip_until, expires_at = excluded.expires_at',
  ).run(uid, granted.ledger.svipUntil, granted.ledger.expiresAt);
  return granted;
}
