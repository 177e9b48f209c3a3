/**
 * The membership ledger (docs/vip.md, "The membership ledger"): how VIP and SVIP days
 * combine, written once for the server that grants them (server/db/membership.ts) and for the pages
 * that say, before the user pays or redeems, what it will do. Times are Unix seconds.
 *
 * A membership is two runs of time, SVIP first and VIP after it:
 * - SVIP runs until `svipUntil` (while that is in the future);
 * - VIP runs from the end of SVIP (or now) until `expiresAt`, the end of the whole membership.
 *
 * The rules, the same for a purchase, a renewal charge and a redeemed code:
 * 1. A grant adds exactly its days (86,400 s each) of its own tier. Nothing is converted, lost or
 *    made up: the VIP days and the SVIP days a user holds are the days they paid for or redeemed.
 * 2. SVIP days run at once: after the SVIP the user already has, else from now. VIP days not yet
 *    used wait and resume after them (an upgrade keeps every VIP day).
 * 3. VIP days go to the end of the membership: after any SVIP, and after the VIP already held.
 * 4. A lapsed membership starts again from now.
 */

export type Tier = 'vip' | 'svip';

/** What the server stores of a user's membership; 0 where there never was any. */
export interface Ledger {
  svipUntil: number;
  expiresAt: number;
}

/** The membership as the API sends it (src/shared/api/endpoints/vip.ts `membership`). */
export interface Standing {
  tier: 'none' | Tier;
  /** The end of the whole membership (the host's `vip.valid_time`); null when never a member. */
  expiresAt: number | null;
  /** While SVIP runs, when it ends; VIP time, if any, runs from then until `expiresAt`. */
  svipUntil: number | null;
}

/**
 * What a grant does, as the page announces it: `activated` (no membership before), `extended` (more
 * of the tier that runs now), `upgraded` (SVIP over running VIP: VIP resumes after), `queued` (VIP
 * while SVIP runs: it starts when SVIP ends).
 */
export type Effect = 'activated' | 'extended' | 'upgraded' | 'queued';

export interface Grant {
  effect: Effect;
  tier: Tier;
  days: number;
  /** When the granted days start and end. */
  startsAt: number;
  endsAt: number;
  ledger: Ledger;
}

export const DAY_SECONDS = 86_400;
export const NO_LEDGER: Ledger = { svipUntil: 0, expiresAt: 0 };

/**
 * The membership at `now`: a lapsed one reads `none` and keeps its past end ("expired on").
 * @example standing({ svipUntil: 1_000, expiresAt: 5_000 }, 500) // { tier: 'svip', expiresAt: 5000, svipUntil: 1000 }
 */
export function standing({ svipUntil, expiresAt }: Ledger, now: number): Standing {
  if (expiresAt <= now) return { tier: 'none', expiresAt: expiresAt > 0 ? expiresAt : null, svipUntil: null };
  return svipUntil > now ? { tier: 'svip', expiresAt, svipUntil } : { tier: 'vip', expiresAt, svipUntil: null };
}

/**
 * The ledger behind a membership the API sent.
 * @example ledgerOf({ tier: 'vip', expiresAt: 5_000, svipUntil: null }) // { svipUntil: 0, expiresAt: 5000 }
 */
export const ledgerOf = ({ svipUntil, expiresAt }: Standing): Ledger => ({ svipUntil: svipUntil ?? 0, expiresAt: expiresAt ?? 0 });

/**
 * Adds `days` of `tier` at `now`, by the rules above.
 * @example grant({ svipUntil: 0, expiresAt: now + 366 * DAY_SECONDS }, 'svip', 1, now).effect // 'upgraded'
 */
export function grant(ledger: Ledger, tier: Tier, days: number, now: number): Grant {
  const span = days * DAY_SECONDS;
  const running = standing(ledger, now).tier;
  const end = Math.max(now, ledger.expiresAt);
  if (tier === 'vip') {
    const effect = running === 'none' ? 'activated' : running === 'vip' ? 'extended' : 'queued';
    return { effect, tier, days, startsAt: end, endsAt: end + span, ledger: { svipUntil: ledger.svipUntil, expiresAt: end + span } };
  }
  const start = Math.max(now, ledger.svipUntil);
  const effect = running === 'none' ? 'activated' : running === 'svip' ? 'extended' : 'upgraded';
  return { effect, tier, days, startsAt: start, endsAt: start + span, ledger: { svipUntil: start + span, expiresAt: end + span } };
}

/**
 * When an auto-renewal of `tier` charges next: when that tier's time runs out, so it continues without
 * a gap (SVIP at the end of the SVIP run, VIP at the end of the membership); now, when there is none.
 * @example chargeDate({ svipUntil: 2_000, expiresAt: 9_000 }, 'svip', 100) // 2000
 */
export function chargeDate(ledger: Ledger, tier: Tier, now: number): number {
  return Math.max(now, tier === 'svip' ? ledger.svipUntil : ledger.expiresAt);
}

/**
 * Seconds of each tier still to come at `now`: what the user holds (the model-based test's check).
 * @example remaining({ svipUntil: 200, expiresAt: 500 }, 100) // { svip: 100, vip: 300 }
 */
export function remaining({ svipUntil, expiresAt }: Ledger, now: number): Record<Tier, number> {
  const svipEnd = Math.max(now, svipUntil);
  return { svip: svipEnd - now, vip: Math.max(0, expiresAt - svipEnd) };
}
