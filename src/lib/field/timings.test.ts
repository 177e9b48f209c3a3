import { describe, expect, it } from 'vitest';
import { clsOf, inpOf, timingEvents } from './timings';

const shift = (startTime: number, value: number, hadRecentInput = false) => ({ startTime, value, hadRecentInput });

describe('the timings the field report computes', () => {
  it('CLS is the worst burst: shifts under 1 s apart, 5 s long at most, none right after input', () => {
    expect(clsOf([])).toBe(0);
    expect(clsOf([shift(100, 0.1), shift(400, 0.05)])).toBeCloseTo(0.15);
    // A gap over 1 s starts a new burst; the worst one counts, not the sum.
    expect(clsOf([shift(100, 0.1), shift(1200, 0.02), shift(1300, 0.02)])).toBeCloseTo(0.1);
    // A burst is cut at 5 s even without a gap.
    const steady = Array.from({ length: 12 }, (_, i) => shift(i * 900, 0.01));
    expect(clsOf(steady)).toBeCloseTo(0.06);
    expect(clsOf([shift(100, 0.3, true), shift(200, 0.01)])).toBeCloseTo(0.01);
  });

  it('INP is the slowest interaction, one step down per 50 of them; none without interaction', () => {
    expect(inpOf(new Map())).toBeUndefined();
    expect(
      inpOf(
        new Map([
          [1, 80],
          [2, 240],
          [3, 120],
        ]),
      ),
    ).toBe(240);
    const many = new Map(Array.from({ length: 120 }, (_, i) => [i + 1, i + 1] as [number, number]));
    expect(inpOf(many)).toBe(118);
  });

  it('rounds milliseconds, keeps CLS to four places, and leaves out what is unknown or out of range', () => {
    expect(timingEvents({ FCP: 812.4, CLS: 0.01234, LCP: undefined, TTFB: -1, INP: 700_000 })).toEqual([
      { kind: 'timing', name: 'FCP', value: 812 },
      { kind: 'timing', name: 'CLS', value: 0.0123 },
    ]);
  });
});
