import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, withinShape } from './json-shape';

/** The depth and the number of values of a parsed JSON value, as withinShape bounds them. */
function measure(value: unknown, depth = 0): { depth: number; values: number } {
  if (value === null || typeof value !== 'object') return { depth, values: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.reduce<{ depth: number; values: number }>(
    (sum, child) => {
      const inner = measure(child, depth + 1);
      return { depth: Math.max(sum.depth, inner.depth), values: sum.values + 1 + inner.values };
    },
    { depth: depth + 1, values: 1 },
  );
}

describe('withinShape', () => {
  it('bounds the depth of containers and the values in all, and reads brackets in strings as text', () => {
    const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(withinShape(nest(JSON_MAX_DEPTH))).toBe(true);
    expect(withinShape(nest(JSON_MAX_DEPTH + 1))).toBe(false);
    expect(withinShape(JSON.stringify(Array.from({ length: JSON_MAX_VALUES - 1 }, () => 0)))).toBe(true);
    expect(withinShape(JSON.stringify(Array.from({ length: JSON_MAX_VALUES + 1 }, () => 0)))).toBe(false);
    expect(withinShape(JSON.stringify({ text: nest(10_000), commas: ','.repeat(10_000), quote: '"[[[', slash: '\\"[' }))).toBe(true);
  });

  it('accepts every value whose real depth and size are well within the bounds (any strings, any nesting of them)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const { depth, values } = measure(value);
        fc.pre(depth <= JSON_MAX_DEPTH && values < JSON_MAX_VALUES / 2);
        expect(withinShape(JSON.stringify(value))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every value deeper than the bound, however its strings are written', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: JSON_MAX_DEPTH + 1, max: 64 }), (text, depth) => {
        let value: unknown = text;
        for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { [text]: value };
        expect(withinShape(JSON.stringify(value))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
