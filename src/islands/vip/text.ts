/** The VIP area's messages for islands: declared here, the text embedded by the page (src/lib/i18n.ts). */
import type { Text } from '../ui/text';

const PERIOD_KEY = { day: 'vip.periodDay', month: 'vip.periodMonth', quarter: 'vip.periodQuarter', year: 'vip.periodYear' } as const;

/** @example t(periodKey('month')) // '1 month' */
export const periodKey = (period: keyof typeof PERIOD_KEY) => PERIOD_KEY[period];

/**
 * A plan as the user reads it: tier and period.
 * @example planLabel({ tier: 'vip', period: 'month' }, t) // 'VIP · 1 month'
 */
export function planLabel(plan: { tier: string; period: keyof typeof PERIOD_KEY }, t: Text): string {
  return `${plan.tier.toUpperCase()} · ${t(PERIOD_KEY[plan.period])}`;
}
