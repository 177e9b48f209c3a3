import { describe, expect, it } from 'vitest';
import { downloadQuota } from './quota';

const DAY = 86_400;
// 2026-11-01 00:00 UTC.
const NOV_1 = Date.UTC(2026, 10, 1) / 1000;
const at = (days: number) => NOV_1 + days * DAY;

describe('downloadQuota', () => {
  it.each([
    // [case, started (day), expires (day), now (day), total, cycle start (day), ends (day), renews]
    ['a year: first day of the first cycle', 0, 365, 0, 300, 0, 31, true],
    ['a year: last second of the first cycle', 0, 365, 31 - 1 / DAY, 300, 0, 31, true],
    ['a year: the next cycle starts on day 31, not on the 1st of the month', 0, 365, 31, 300, 31, 62, true],
    ['a year: across the end of December', 0, 365, 61.5, 300, 31, 62, true],
    ['a 31-day package fills its one cycle', 0, 31, 30, 300, 0, 31, false],
    ['a 30-day package: 30 × 10', 0, 30, 12, 300, 0, 30, false],
    ['a 10-day package: 10 × 10', 0, 10, 1, 100, 0, 10, false],
    ['a 1-day package: 10', 0, 1, 0.5, 10, 0, 1, false],
    ['a half day left counts as a day', 0, 10.5, 10, 110, 0, 10.5, false],
    ['the last, short cycle of a 40-day membership', 0, 40, 35, 90, 31, 40, false],
  ])('%s', (_case, started, expires, now, total, cycleStart, endsAt, renews) => {
    expect(downloadQuota({ startedAt: at(started as number), expiresAt: at(expires as number) }, at(now as number))).toEqual({
      total,
      cycleStart: at(cycleStart as number),
      endsAt: at(endsAt as number),
      renews,
      validDays: Math.ceil((at(endsAt as number) - at(cycleStart as number)) / DAY),
    });
  });

  it('renewal mid-cycle: a 10-day package renewed by 30 days on day 5 fills the cycle', () => {
    const before = downloadQuota({ startedAt: at(0), expiresAt: at(10) }, at(5));
    const after = downloadQuota({ startedAt: at(0), expiresAt: at(40) }, at(5));
    expect(before).toMatchObject({ total: 100, renews: false });
    expect(after).toMatchObject({ total: 300, cycleStart: at(0), endsAt: at(31), renews: true });
  });

  it('is void on expiry, before the start, and without a membership', () => {
    expect(downloadQuota({ startedAt: at(0), expiresAt: at(30) }, at(30))).toBeNull();
    expect(downloadQuota({ startedAt: at(0), expiresAt: at(30) }, at(45))).toBeNull();
    expect(downloadQuota({ startedAt: at(5), expiresAt: at(30) }, at(4))).toBeNull();
    expect(downloadQuota(null, at(1))).toBeNull();
  });
});
