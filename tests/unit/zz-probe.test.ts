// @vitest-environment happy-dom
import { it } from 'vitest';
import fc from 'fast-check';
import { hostileJson, hostileString, pollutingObject, booby } from './hostile';
it('probe', () => {
  const parts: Record<string, fc.Arbitrary<unknown>> = {
    anything: fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true }),
    anything2: fc.anything({ maxDepth: 2, withBigInt: true, withNullPrototype: true }),
    hostileJson, hostileString,
    polluting: pollutingObject(fc.anything({ maxDepth: 2 })),
    huge: fc.anything({ maxDepth: 1 }).map((item) => new Array(10_000).fill(item)),
    booby,
  };
  for (const [n, a] of Object.entries(parts)) {
    const t0 = performance.now();
    fc.assert(fc.property(a, () => {}), { numRuns: 1000 });
    console.log(n, Math.round(performance.now() - t0), 'ms / 1000');
  }
}, 60000);
