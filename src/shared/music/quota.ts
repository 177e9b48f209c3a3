/**
 * The download quota (spec §9): 300 songs per cycle of 31 days, counted from the day the membership
 * began; what is not used is void when the cycle ends or the membership expires. A cycle the
 * membership does not fill (a package of fewer than 31 valid days, or the last cycle before expiry)
 * gets its valid days × 10. Those are VIP's figures; SVIP's are in the benefits table
 * (../vip/benefits.ts), and the tier held now sets them. The reference server and the /download page
 * use this one function.
 */
import { QUOTA_CYCLE_DAYS } from '../limits';
import { BENEFITS, type Benefits } from '../vip/benefits';

const DAY = 86_400;
const CYCLE = QUOTA_CYCLE_DAYS * DAY;

/** An unbroken membership: when it began and when it ends, in Unix seconds. */
export interface MembershipPeriod {
  startedAt: number;
  expiresAt: number;
}

export interface Quota {
  /** Songs the cycle allows. */
  total: number;
  cycleStart: number;
  /** When this cycle's quota ends: the next cycle's start, or the expiry if that comes first. */
  endsAt: number;
  /** A new cycle begins at `endsAt` (false: the membership expires then). */
  renews: boolean;
  /** Days of membership in this cycle, a started day counting whole. */
  validDays: number;
}

/**
 * The quota of the cycle `now` falls in, or null without a membership at `now`; `benefits` are those
 * of the tier held at `now`.
 * @example downloadQuota({ startedAt: 0, expiresAt: 10 * 86400 }, 3600) // { total: 100, validDays: 10, renews: false, … }
 * @example downloadQuota({ startedAt: 0, expiresAt: 10 * 86400 }, 3600, BENEFITS.svip).total // 200
 */
export function downloadQuota(period: MembershipPeriod | null, now: number, benefits: Benefits = BENEFITS.vip): Quota | null {
  if (!period || now < period.startedAt || now >= period.expiresAt) return null;
  const cycleStart = period.startedAt + Math.floor((now - period.startedAt) / CYCLE) * CYCLE;
  const cycleEnd = cycleStart + CYCLE;
  const endsAt = Math.min(cycleEnd, period.expiresAt);
  const validDays = Math.ceil((endsAt - cycleStart) / DAY);
  return {
    total: Math.min(benefits.downloadsPerCycle, validDays * benefits.downloadsPerDay),
    cycleStart,
    endsAt,
    renews: cycleEnd < period.expiresAt,
    validDays,
  };
}
