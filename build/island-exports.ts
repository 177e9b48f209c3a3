/**
 * Vite plugin: an island's chunk may export more than its component, so that Rolldown can merge a
 * common chunk into the one island chunk that loads it anyway (its `mergeCommonChunks`) rather than
 * emit a file of its own: a store an island shares with its lazy part (the recharge page's state), a
 * bridge call two areas share (the player's state). Astro builds the client with
 * `preserveEntrySignatures: 'exports-only'`, which forbids that; only Astro's island loader imports an
 * island's chunk, by its `default`. Measured: k-recharge 20,461 → 20,340 B gzip of first-load JS,
 * k-appeal −151 B, the music pages −88 B, no page more.
 *
 * Astro's setting is its internals, and the merge Rolldown's behaviour, not an API (docs/upgrading.md):
 * a client build given another setting, or with no island chunk that took in a common one, stops here.
 */
import type { Plugin } from 'vite';

/**
 * The plugin.
 * @example vite: { plugins: [islandExports()] }
 */
export function islandExports() {
  return {
    name: 'island-exports',
    configEnvironment: (name) => (name === 'client' ? { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } } : undefined),
    // What Rolldown is given, after every other plugin's options.
    options: {
      order: 'post',
      handler(options) {
        if (this.environment.name !== 'client' || options.preserveEntrySignatures === 'allow-extension') return;
        const found = JSON.stringify(options.preserveEntrySignatures);
        throw new Error(
          `island-exports: the client is built with preserveEntrySignatures ${found}, not 'allow-extension' (docs/upgrading.md, "Island chunks")`,
        );
      },
    },
    // The point of it: some island's chunk took in a common chunk, and exports what it shares.
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const extended = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry && file.exports.some((name) => name !== 'default'));
      if (!extended.length) {
        throw new Error(
          'island-exports: no island chunk exports more than its component, so Rolldown merged no common chunk into one; if no island shares a module with its lazy part any more, this plugin can go (docs/upgrading.md, "Island chunks")',
        );
      }
    },
  } satisfies Plugin;
}
