/**
 * build/chunk-plan.ts: where the chunk plan puts a module, read from the module graph (docs/models.md,
 * "Chunks"): core for what a fifth of the islands import, an area's chunk for what two islands of one
 * area share, Rolldown's choice for the rest.
 */
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../../build/chunk-plan.ts';

// Twenty islands (a fifth is four): eight of vip, six of coins, six of help.
const area = (name: string, count: number) => Array.from({ length: count }, (_, i) => `/src/islands/${name}/${name}${i}.tsx`);
const islands = [...area('vip', 8), ...area('coins', 6), ...area('help', 6)];
const graph: Record<string, string[]> = {
  '/src/islands/vip/vip0.tsx': ['/src/lib/api.ts', '/src/lib/vip/plans.ts'],
  '/src/islands/vip/vip1.tsx': ['/src/lib/api.ts', '/src/lib/vip/plans.ts'],
  '/src/islands/coins/coins0.tsx': ['/src/lib/api.ts', '/src/lib/share.ts'],
  '/src/islands/coins/coins1.tsx': ['/src/lib/coins/offer.ts'],
  '/src/islands/help/help0.tsx': ['/src/lib/api.ts', '/src/lib/share.ts'],
  '/src/lib/api.ts': ['/src/lib/format.ts'],
};
const chunks = chunksOf(islands, (id) => graph[id] ?? []);

describe('chunksOf', () => {
  it('puts what a fifth of the islands import, directly or through another module, in core', () => {
    expect(chunks.get('/src/lib/api.ts')).toBe('core');
    expect(chunks.get('/src/lib/format.ts')).toBe('core');
  });

  it('puts what two islands of one area share, below the fifth, in the area’s chunk', () => {
    expect(chunks.get('/src/lib/vip/plans.ts')).toBe('vip');
  });

  it('leaves to Rolldown what one island imports, and what islands of two areas share below the fifth', () => {
    expect(chunks.has('/src/lib/coins/offer.ts')).toBe(false);
    expect(chunks.has('/src/lib/share.ts')).toBe(false);
  });

  it('never plans an island itself', () => {
    expect(islands.some((island) => chunks.has(island))).toBe(false);
  });
});
