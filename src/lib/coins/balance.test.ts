import { describe, expect, it } from 'vitest';
import { reconcileBalance } from './balance';

describe('reconcileBalance', () => {
  it("shows the host's figure until the server answers", () => {
    expect(reconcileBalance(120, null)).toEqual({ coins: 120, pending: 0, source: 'host', corrected: false });
  });

  it("the server's figure wins, and a disagreement is noted", () => {
    expect(reconcileBalance(120, { balance: 420, pending: 300 })).toEqual({ coins: 420, pending: 300, source: 'server', corrected: true });
    expect(reconcileBalance(420, { balance: 420, pending: 0 })).toEqual({ coins: 420, pending: 0, source: 'server', corrected: false });
    expect(reconcileBalance(null, { balance: 0, pending: 0 })).toEqual({ coins: 0, pending: 0, source: 'server', corrected: false });
  });

  it('ignores a host figure that is not a whole non-negative number', () => {
    for (const host of [-5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number]) {
      expect(reconcileBalance(host, null), String(host)).toBeNull();
      expect(reconcileBalance(host, { balance: 7, pending: 0 })?.corrected, String(host)).toBe(false);
    }
  });

  it('nothing to show before either answers', () => {
    expect(reconcileBalance(undefined, null)).toBeNull();
  });
});
