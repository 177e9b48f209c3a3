/**
 * Vite plugin: each environment built for the engines it serves. The islands' chunks are built for
 * modern engines (MODERN_TARGET, build/engines.ts) and copied lowered to the floor after the build
 * (build/legacy-chunks.ts); CSS, inlined in the page, goes through Lightning CSS for the floor
 * (nesting, `inset`, colour functions lowered). Astro builds every environment for `esnext` whatever
 * `vite.build` says, and CSS minified for `esnext` folds what Lightning CSS lowered back into
 * shorthands Chromium 64 lacks (`inset`), so each environment gets its targets here.
 *
 * Astro's override is its internals, not an API (docs/upgrading.md): a build whose environments end up
 * with other targets, or whose CSS still holds `inset`, stops here.
 */
import type { Plugin } from 'vite';
import { CSS_TARGETS, FLOOR, JS_TARGET, MODERN_TARGET } from './engines.ts';

// The shorthand that says the CSS was minified for a newer engine than the floor (Chromium 87).
const INSET = /(?:^|[{;])inset:/;
const CSS = { transformer: 'lightningcss', lightningcss: { targets: CSS_TARGETS } } as const;
/** An environment's targets: the floor for CSS everywhere, and the modern build for the islands' chunks. */
const buildOptions = (environment: string) => ({
  cssMinify: 'lightningcss' as const,
  cssTarget: JS_TARGET,
  ...(environment === 'client' ? { target: MODERN_TARGET } : {}),
});

/**
 * The plugin.
 * @example vite: { plugins: [engineTargets()] }
 */
export function engineTargets() {
  return {
    name: 'engine-targets',
    config: () => ({ css: CSS }),
    configEnvironment: (name) => ({ build: buildOptions(name) }),
    // What the environment was resolved with, against what was asked for above.
    buildStart() {
      const { name, config } = this.environment;
      if (config.command !== 'build') return;
      const wanted = buildOptions(name);
      const found = Object.fromEntries(Object.keys(wanted).map((key) => [key, config.build[key as keyof typeof wanted]]));
      const css = { transformer: config.css.transformer, lightningcss: { targets: config.css.lightningcss?.targets } };
      if (JSON.stringify([found, css]) !== JSON.stringify([wanted, CSS])) {
        const asked = JSON.stringify([wanted, CSS]);
        throw new Error(`engine-targets: the ${name} build has ${JSON.stringify([found, css])}, not ${asked} (docs/upgrading.md, "Targets")`);
      }
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && INSET.test(String(file.source))) {
          throw new Error(`engine-targets: ${file.fileName} holds \`inset\`, which Chromium ${FLOOR} lacks (docs/upgrading.md, "Targets")`);
        }
      }
    },
  } satisfies Plugin;
}
