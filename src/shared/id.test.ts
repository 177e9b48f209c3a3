import { describe, expect, it, vi } from 'vitest';
import { randomId } from './id';

describe('randomId', () => {
  it('makes 32 alphanumeric characters by default', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('makes ids of the length asked for', () => {
    expect(randomId(0)).toBe('');
    expect(randomId(8)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(randomId(100_000)).toHaveLength(100_000);
  });

  it('does not repeat itself over many calls', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => randomId()));
    expect(ids.size).toBe(2000);
  });

  it('draws from crypto.getRandomValues and skips bytes that would bias the alphabet', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce((array) => {
      // 255 and 248 are above the unbiased limit and must be skipped; 0 → 'A', 61 → '9', 62 → 'A'.
      (array as unknown as Uint8Array).set([255, 0, 248, 61, 62]);
      return array;
    });
    expect(randomId(3)).toBe('A9A');
    spy.mockRestore();
  });

  it('rejects a negative or fractional length', () => {
    expect(() => randomId(-1)).toThrow(RangeError);
    expect(() => randomId(1.5)).toThrow(RangeError);
  });
});
