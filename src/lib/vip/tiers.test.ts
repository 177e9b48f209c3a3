import { describe, expect, it } from 'vitest';
import { svipWorth } from './tiers';

describe('svipWorth: VIP days as SVIP time of the same worth', () => {
  it('scales by the two month prices', () => {
    expect(svipWorth(31, { vip: 1200, svip: 2200 })).toBeCloseTo(16.909, 3);
    expect(svipWorth(1, { vip: 1200, svip: 2200 })).toBeCloseTo(0.545, 3);
  });

  it('never gives more SVIP days than VIP days bought while SVIP costs more', () => {
    for (const days of [1, 7, 31, 93, 366]) expect(svipWorth(days, { vip: 1200, svip: 2200 })).toBeLessThan(days);
  });

  it('keeps the days as they are when a price is missing', () => {
    expect(svipWorth(7, { vip: 0, svip: 2200 })).toBe(7);
    expect(svipWorth(7, { vip: 1200, svip: 0 })).toBe(7);
  });
});
