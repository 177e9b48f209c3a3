/**
 * A plan in the user's words, for the VIP pages and their parts: its tier and period, the unit of its
 * renewal, and the long date its days run to.
 */
import { formatDate } from '../../../shared/format';
import type { Text } from '../../../lib/i18n';

const PERIOD_KEY = { day: 'vip.periodDay', month: 'vip.periodMonth', quarter: 'vip.periodQuarter', year: 'vip.periodYear' } as const;
const UNIT_KEY = { day: 'vip.unitDay', month: 'vip.unitMonth', quarter: 'vip.unitQuarter', year: 'vip.unitYear' } as const;
type Period = keyof typeof PERIOD_KEY;

/** @example t(periodKey('month')) // '1 month' */
export const periodKey = (period: Period) => PERIOD_KEY[period];

/** The word after "every" in a renewal's terms. @example t(unitKey('month')) // 'month' */
export const unitKey = (period: Period) => UNIT_KEY[period];

/**
 * A plan as the user reads it: tier and period.
 * @example planLabel({ tier: 'vip', period: 'month' }, t) // 'VIP · 1 month'
 */
export function planLabel(plan: { tier: string; period: Period }, t: Text): string {
  return `${plan.tier.toUpperCase()} · ${t(PERIOD_KEY[plan.period])}`;
}

/** @example const date = dateIn('en-US', 'Asia/Bangkok'); date(1767225600) // 'January 1, 2026' */
export const dateIn =
  (locale: string, timeZone: string | undefined) =>
  (seconds: number): string =>
    formatDate(seconds, locale, { timeZone: timeZone || undefined, style: 'long' });
