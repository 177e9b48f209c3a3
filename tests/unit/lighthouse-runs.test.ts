import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, DEVICE_BENCHMARK_INDEX, medianFigures } from '../../scripts/lib/lighthouse-runs.mjs';

describe('medianFigures: what a Lighthouse gate checks once a run missed it', () => {
  it('takes each figure’s middle value, so one slow run cannot fail a page alone', () => {
    const runs = [
      { tbt: 298, lcp: 730, performance: 95 },
      { tbt: 39, lcp: 692, performance: 100 },
      { tbt: 104, lcp: 677, performance: 100 },
    ];
    expect(medianFigures(runs)).toEqual({ tbt: 104, lcp: 692, performance: 100 });
  });

  it('still fails a page whose runs are mostly over the gate', () => {
    expect(medianFigures([{ tbt: 260 }, { tbt: 80 }, { tbt: 240 }]).tbt).toBe(240);
  });

  it('leaves out what is not a number (the LCP element, an error code)', () => {
    expect(medianFigures([{ tbt: 1, lcpElement: 'h1' }])).toEqual({ tbt: 1 });
  });

  it('refuses an even number of runs, which has no middle run', () => {
    expect(() => medianFigures([{ tbt: 1 }, { tbt: 2 }])).toThrow(/no middle/);
  });
});

describe('cpuSlowdownFor: every host emulates the one phone the gates were set for', () => {
  it('is Lighthouse’s 4× on the host where the gates were set, and scales with the host’s index', () => {
    expect(cpuSlowdownFor(2731)).toBeCloseTo(4);
    expect(cpuSlowdownFor(1366)).toBeCloseTo(2, 2);
    // A faster host is slowed down more, so it cannot pass a page the gates' host would fail.
    expect(cpuSlowdownFor(4096)).toBeCloseTo(6, 2);
    expect(cpuSlowdownFor(2731) * DEVICE_BENCHMARK_INDEX).toBeCloseTo(2731);
  });

  it('never runs a page faster than the host: a host slower than the phone is measured as it is', () => {
    expect(cpuSlowdownFor(400)).toBe(1);
  });

  it('refuses a run without an index rather than guess a slowdown', () => {
    expect(() => cpuSlowdownFor(undefined)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/no benchmark index/);
  });
});
