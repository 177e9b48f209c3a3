/**
 * What a purchase will do, said before the user pays (docs/vip.md, "Before paying"): what
 * they get in the ledger's own numbers (src/shared/vip/ledger.ts), what they pay now, and for an auto-renewing plan
 * the amount, the period, the first renewal date and the contract it replaces. The server applies the
 * same rules when the payment arrives (server/api/vip.ts), so what is said is what happens:
 * tests/unit/membership-model.property.test.ts holds the two together.
 */
import { chargeDate, grant, ledgerOf, standing, type Grant, type Standing, type Tier } from '../../shared/vip/ledger';

/** The parts of a plan and of a renewal that a disclosure reads (src/shared/api/endpoints/vip.ts). */
export interface PlanTerms {
  id: string;
  tier: Tier;
  days: number;
  price: number;
  currency: string;
  autoRenew: boolean;
}
export interface RenewalTerms {
  planId: string;
  on: boolean;
  amount: number;
  currency: string;
}

export interface Disclosure {
  /** The days the purchase adds, when they run, and the effect. */
  grant: Grant;
  /** The membership once paid. */
  after: Standing;
  /** Charged now. */
  pay: { amount: number; currency: string };
  /** For an auto-renewing plan: charged `amount` every `days` days from `firstChargeAt` until turned off. */
  renewal: { amount: number; currency: string; days: number; firstChargeAt: number } | null;
  /** The auto-renewal that is on now and will be turned off (at most one contract at a time). */
  replaces: RenewalTerms | null;
}

/**
 * @param renewals the user's auto-renewals (vipStatus); [] when not known (signed out)
 * @example disclose(plan, { tier: 'vip', expiresAt, svipUntil: null }, renewals, nowSec).grant.effect // 'extended'
 */
export function disclose(plan: PlanTerms, membership: Standing, renewals: RenewalTerms[], now: number): Disclosure {
  const granted = grant(ledgerOf(membership), plan.tier, plan.days, now);
  const replaces = plan.autoRenew ? (renewals.find((r) => r.on && r.planId !== plan.id) ?? null) : null;
  return {
    grant: granted,
    after: standing(granted.ledger, now),
    pay: { amount: plan.price, currency: plan.currency },
    renewal: plan.autoRenew
      ? { amount: plan.price, currency: plan.currency, days: plan.days, firstChargeAt: chargeDate(granted.ledger, plan.tier, now) }
      : null,
    replaces,
  };
}

/**
 * The VIP time that follows SVIP in a membership, if any: shown as "then VIP until …".
 * @example vipAfterSvip({ tier: 'svip', svipUntil: 100, expiresAt: 900 }) // 900
 */
export const vipAfterSvip = ({ tier, svipUntil, expiresAt }: Standing): number | null =>
  tier === 'svip' && svipUntil !== null && expiresAt !== null && expiresAt > svipUntil ? expiresAt : null;
