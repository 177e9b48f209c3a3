import { describe, expect, it } from 'vitest';
import { medianFigures } from '../../scripts/lib/lighthouse-runs.mjs';

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
