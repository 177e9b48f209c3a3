import { describe, expect, it } from 'vitest';
import { groupByMonth, overdue } from './records';

const rec = (id: string, createdAt: number) => ({ id, createdAt });
// 2026-11-23 12:00 UTC and friends.
const NOV = 1_795_435_200;
const DAY = 86_400;

describe('groupByMonth', () => {
  const items = [rec('a', NOV), rec('b', NOV - 20 * DAY), rec('c', NOV - 30 * DAY), rec('d', NOV - 60 * DAY)];

  it('groups consecutive records by month with a localized label', () => {
    const groups = groupByMonth(items, 'en-US', 'UTC');
    expect(groups.map((g) => [g.key, g.label, g.items.map((r) => r.id).join('')])).toEqual([
      ['2026-11', 'November 2026', 'ab'],
      ['2026-10', 'October 2026', 'c'],
      ['2026-09', 'September 2026', 'd'],
    ]);
    expect(groupByMonth(items, 'zh-CN', 'UTC')[0]!.label).toBe('2026年11月');
  });

  it("uses the user's time zone for the month boundary", () => {
    const midnight = Date.UTC(2026, 10, 1, 0, 30) / 1000; // 1 Nov 00:30 UTC = 31 Oct in New York
    expect(groupByMonth([rec('x', midnight)], 'en-US', 'UTC')[0]!.key).toBe('2026-11');
    expect(groupByMonth([rec('x', midnight)], 'en-US', 'America/New_York')[0]!.key).toBe('2026-10');
  });
});

describe('overdue', () => {
  it('a pending recharge of 30 minutes or more goes to support; nothing else does', () => {
    expect(overdue({ kind: 'recharge', state: 'pending', createdAt: NOV - 1800 }, NOV)).toBe(true);
    expect(overdue({ kind: 'recharge', state: 'pending', createdAt: NOV - 1799 }, NOV)).toBe(false);
    expect(overdue({ kind: 'recharge', state: 'credited', createdAt: NOV - 9999 }, NOV)).toBe(false);
    expect(overdue({ kind: 'spend', state: 'pending', createdAt: NOV - 9999 }, NOV)).toBe(false);
  });
});
