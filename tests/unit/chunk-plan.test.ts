/**
 * build/chunk-plan.ts: where the chunk plan puts a module, read from the module graph (docs/models.md,
 * "Chunks"): core for what a fifth of the islands import, an area's chunk for what two islands of one
 * area share, an area's later chunk for what two of its lazy parts share, Rolldown's choice for the rest.
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

  it('puts the renderer, the entry that is no island, in core: no request of its own on a page with islands', () => {
    const renderer = '/node_modules/@astrojs/preact/dist/client.js';
    const planned = chunksOf([...islands, renderer], (id) => graph[id] ?? []);
    expect(planned.get(renderer)).toBe('core');
    expect(islands.some((island) => planned.has(island))).toBe(false);
  });
});

describe('chunksOf, the lazy parts', () => {
  // vip0 and vip1 each import a part dynamically (vip0 through its plans model); coins0 one of its own.
  const lazyGraph: Record<string, string[]> = {
    ...graph,
    '/src/lib/vip/plans-part.tsx': ['/src/lib/vip/terms.ts', '/src/lib/vip/words.ts', '/src/lib/api.ts', '/src/lib/vip/plans.ts'],
    '/src/lib/vip/checkout-part.tsx': ['/src/lib/vip/terms.ts', '/src/lib/vip/words.ts', '/src/lib/vip/pay.ts'],
    '/src/lib/vip/terms.ts': ['/src/lib/vip/words.ts'],
    '/src/lib/vip/pay.ts': ['/src/lib/pay/host.ts'],
    '/src/lib/coins/buy-part.tsx': ['/src/lib/vip/pay.ts', '/src/lib/pay/host.ts', '/src/lib/forms/state.ts'],
    '/src/lib/coins/other-part.tsx': ['/src/lib/pay/host.ts', '/src/lib/forms/form.ts'],
    // The forms' modules, which lazy parts of help and coins share (coins' buy part only the state).
    '/src/lib/help/form-part.tsx': ['/src/lib/forms/form.ts', '/src/lib/forms/field.ts'],
    '/src/lib/help/other-form-part.tsx': ['/src/lib/forms/form.ts'],
    '/src/lib/forms/form.ts': ['/src/lib/forms/state.ts'],
    '/src/lib/vip/odd.ts': ['/src/lib/coins/offer.ts'],
    '/src/lib/vip/odd-part.tsx': ['/src/lib/vip/odd.ts'],
  };
  const lazy: Record<string, string[]> = {
    '/src/lib/vip/plans.ts': ['/src/lib/vip/plans-part.tsx', '/src/lib/vip/odd-part.tsx'],
    '/src/islands/vip/vip1.tsx': ['/src/lib/vip/checkout-part.tsx', '/src/lib/vip/odd-part.tsx'],
    '/src/islands/coins/coins0.tsx': ['/src/lib/coins/buy-part.tsx', '/src/lib/coins/other-part.tsx'],
    '/src/islands/help/help0.tsx': ['/src/lib/help/form-part.tsx', '/src/lib/help/other-form-part.tsx'],
  };
  const planned = chunksOf(
    islands,
    (id) => lazyGraph[id] ?? [],
    (id) => lazy[id] ?? [],
  );

  it('puts what two lazy parts of one area share, and no island imports statically, in the area’s later chunk', () => {
    expect(planned.get('/src/lib/vip/terms.ts')).toBe('vip-later');
    expect(planned.get('/src/lib/vip/words.ts')).toBe('vip-later');
  });

  it('leaves a part itself and what one part imports to Rolldown', () => {
    expect(planned.has('/src/lib/vip/plans-part.tsx')).toBe(false);
    expect(planned.has('/src/lib/vip/odd.ts')).toBe(false);
    expect(planned.has('/src/lib/help/form-part.tsx')).toBe(false);
    expect(planned.has('/src/lib/forms/field.ts')).toBe(false);
  });

  it('puts what two areas’ parts share with the widest set of parts that load all its users: one chunk per set, named after its module', () => {
    // pay.ts's parts (vip's checkout, coins' buy) are among host.ts's (and coins' other part): one chunk.
    expect(planned.get('/src/lib/vip/pay.ts')).toBe('host-later');
    expect(planned.get('/src/lib/pay/host.ts')).toBe('host-later');
    // form.ts's parts (help's two, coins' other) are among state.ts's (and coins' buy part), which host.ts's do not hold.
    expect(planned.get('/src/lib/forms/form.ts')).toBe('state-later');
    expect(planned.get('/src/lib/forms/state.ts')).toBe('state-later');
  });

  it('keeps what an island imports statically where it was', () => {
    expect(planned.get('/src/lib/api.ts')).toBe('core');
    expect(planned.get('/src/lib/vip/plans.ts')).toBe('vip');
  });

  it('leaves out a shared module that imports one the plan leaves to Rolldown, and what imports it, which the group would take along', () => {
    // Both vip parts import notes.ts, which imports odd.ts, which imports offer.ts: coins1's alone, left to Rolldown.
    const along = chunksOf(
      islands,
      (id) =>
        ({
          ...lazyGraph,
          '/src/lib/vip/plans-part.tsx': ['/src/lib/vip/terms.ts', '/src/lib/vip/notes.ts'],
          '/src/lib/vip/checkout-part.tsx': ['/src/lib/vip/terms.ts', '/src/lib/vip/notes.ts'],
          '/src/lib/vip/notes.ts': ['/src/lib/vip/odd.ts'],
        })[id] ?? [],
      (id) => lazy[id] ?? [],
    );
    expect(along.get('/src/lib/vip/terms.ts')).toBe('vip-later');
    expect(along.has('/src/lib/vip/odd.ts')).toBe(false);
    expect(along.has('/src/lib/vip/notes.ts')).toBe(false);
  });
});

describe('chunksOf, small modules several areas share', () => {
  // share.ts: coins0 and help0 (two areas, below the fifth); tiers.ts: coins1, and a lazy part of vip1;
  // hook.ts: shared as share.ts is, but it imports offer.ts, which is larger, and left to Rolldown.
  const smallGraph: Record<string, string[]> = {
    ...graph,
    '/src/islands/coins/coins1.tsx': ['/src/lib/coins/offer.ts', '/src/lib/tiers.ts'],
    '/src/islands/help/help1.tsx': ['/src/lib/hook.ts'],
    '/src/islands/coins/coins2.tsx': ['/src/lib/hook.ts'],
    '/src/lib/vip/plans-part.tsx': ['/src/lib/tiers.ts'],
    '/src/lib/hook.ts': ['/src/lib/coins/offer.ts'],
  };
  const lazy: Record<string, string[]> = { '/src/islands/vip/vip1.tsx': ['/src/lib/vip/plans-part.tsx'] };
  const plan = (size: number) =>
    chunksOf(
      islands,
      (id) => smallGraph[id] ?? [],
      (id) => lazy[id] ?? [],
      (id) => (id.endsWith('/offer.ts') ? 5000 : size),
    );

  it('puts one under TINY_CODE in core, where it is no request of its own on a first screen', () => {
    expect(plan(200).get('/src/lib/share.ts')).toBe('core');
    // An island of one area and a lazy part of another.
    expect(plan(200).get('/src/lib/tiers.ts')).toBe('core');
  });

  it('leaves a larger one to Rolldown, and one whose imports core lacks (the group would take them along)', () => {
    expect(plan(2000).has('/src/lib/share.ts')).toBe(false);
    expect(plan(2000).has('/src/lib/tiers.ts')).toBe(false);
    expect(plan(200).has('/src/lib/hook.ts')).toBe(false);
  });

  it('leaves a small module of one island, and the parts themselves, where they were', () => {
    expect(plan(200).has('/src/lib/coins/offer.ts')).toBe(false);
    expect(plan(200).has('/src/lib/vip/plans-part.tsx')).toBe(false);
  });
});
