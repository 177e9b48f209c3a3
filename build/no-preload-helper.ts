/**
 * Vite plugin: no preloading around the browser's dynamic imports. The chunks loaded later (the seal,
 * tracking, the pay flow, a form) import little beyond core, which is loaded by then anyway, and their
 * CSS is in the page. Astro sets `modulePreload` for every build, so only a plugin can unset it for the
 * client; Vite then still wraps each import in its helper, replaced here by the one call it makes
 * (0.9 KB gzip of every app page's first-load JS).
 *
 * The helper's module id is Vite's internal name, not an API (docs/upgrading.md): a client build that
 * never asks for it stops here, rather than ship Vite's 1.7 KB helper unnoticed.
 */
import type { Plugin } from 'vite';

// Vite's id for its preload helper (`preloadHelperId` in Vite's source), and the filter for it.
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const ONLY_THE_HELPER = /^\0vite\/preload-helper\.js$/;

/**
 * With nothing to preload, Vite's helper (for CSS and dependency preloads) only calls the import:
 * this is that call.
 * @example await __vitePreload(() => import('./seal.js')) // the module, loaded as import() loads it
 */
export const PLAIN_HELPER = 'export const __vitePreload = (load) => load();';

/**
 * The plugin.
 * @example vite: { plugins: [noPreloadHelper()] }
 */
export function noPreloadHelper() {
  // The environments whose build asked for the helper.
  const asked = new Set<string>();
  return {
    name: 'no-preload-helper',
    enforce: 'pre',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
    buildStart() {
      asked.delete(this.environment.name);
    },
    load: {
      filter: { id: ONLY_THE_HELPER },
      handler() {
        asked.add(this.environment.name);
        return PLAIN_HELPER;
      },
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const why = 'docs/upgrading.md, "Vite\'s preload helper"';
      if (!asked.has('client')) {
        throw new Error(`no-preload-helper: Vite built the client without asking for ${JSON.stringify(PRELOAD_HELPER)}, which this replaces (${why})`);
      }
      // The helper's own event name: Vite's helper reached a chunk some other way.
      const helped = Object.values(bundle).find((file) => file.type === 'chunk' && file.code.includes('vite:preloadError'));
      if (helped) throw new Error(`no-preload-helper: ${helped.fileName} holds Vite's preload helper (${why})`);
    },
  } satisfies Plugin;
}
