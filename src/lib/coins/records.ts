/**
 * Coin records as /k-transactions keeps them: paged as every list (../paging), grouped by month in
 * the user's time zone, and the pending recharges that have waited long enough to go to support.
 */
import { formatDate } from '../../shared/format';
import { FUNDS_SUPPORT_AFTER_SECONDS } from '../../shared/limits';
import type { RecordLike } from '../paging';

export interface MonthGroup<T> {
  /** '2026-11' in the given zone: stable across locales, for keys. */
  key: string;
  /** 'November 2026', '2026年11月'. */
  label: string;
  items: T[];
}

/**
 * Consecutive records of the same month, in the order given (newest first).
 * @example groupByMonth(items, 'en-US', 'Asia/Singapore')[0].label // 'November 2026'
 */
export function groupByMonth<T extends RecordLike>(items: T[], locale: string, timeZone?: string): MonthGroup<T>[] {
  const keyOf = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', ...(timeZone ? { timeZone } : {}) });
  const groups: MonthGroup<T>[] = [];
  for (const item of items) {
    let key: string;
    try {
      key = keyOf.format(new Date(item.createdAt * 1000));
    } catch {
      key = 'unknown';
    }
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: formatDate(item.createdAt, locale, { timeZone, style: 'month' }), items: [item] });
  }
  return groups;
}

/**
 * A recharge still pending 30 minutes after it was made: the funds notice sends the user to support.
 * @example overdue({ kind: 'recharge', state: 'pending', createdAt: now - 1900 }, now) // true
 */
export function overdue(record: { kind: string; state: string; createdAt: number }, nowSeconds: number): boolean {
  return record.kind === 'recharge' && record.state === 'pending' && nowSeconds - record.createdAt >= FUNDS_SUPPORT_AFTER_SECONDS;
}
