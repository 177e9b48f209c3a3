/**
 * Astro integration: after the build, every chunk of dist/_astro/ is copied into dist/_astro/legacy/
 * with its syntax lowered to the floor (JS_TARGET, Chromium 64), and compressed like the originals.
 * The chunks import each other by relative paths, so a legacy chunk only ever loads legacy chunks;
 * src/components/shell/painted.ts points an island at them on an engine older than the modern build
 * (MODERN_TARGET). Modern engines never fetch them: the floor costs them no byte of script.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { transformSync } from 'esbuild';
import { JS_TARGET } from './engines.ts';

/**
 * The folder of dist/_astro/ that holds the lowered copies.
 * @example join('dist/_astro', LEGACY_DIR) // 'dist/_astro/legacy'
 */
export const LEGACY_DIR = 'legacy';

/**
 * Astro's island loader reads every island's props with Object.fromEntries, from Chromium 73: below it
 * no island would hydrate. It does so once the island's chunks have loaded, core among them, so the one
 * shim the floor needs goes first in core's legacy copy: no modern engine loads it (it was in the island
 * directive, in every page's HTML). An engine that has the method keeps its own. The loader passes an
 * array of pairs.
 */
export const FROM_ENTRIES = 'Object.fromEntries||(Object.fromEntries=function(p){var o={};Array.from(p).forEach(function(e){o[e[0]]=e[1]});return o});';

/**
 * Writes the lowered copy of each `.js` of `dir` into `dir/legacy/`; returns how many.
 * @example legacyCopies('dist/_astro') // 62
 */
export function legacyCopies(dir: string): number {
  const out = join(dir, LEGACY_DIR);
  mkdirSync(out, { recursive: true });
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.js')) continue;
    const { code } = transformSync(readFileSync(join(dir, name), 'utf8'), {
      target: JS_TARGET,
      format: 'esm',
      minify: true,
      legalComments: 'none',
      // nanostores keeps its state on globalThis (Chromium 71); in a page that is `self`.
      define: { globalThis: 'self' },
    });
    writeFileSync(join(out, name), /^core\.[\w-]+\.js$/.test(name) ? FROM_ENTRIES + code : code);
    count++;
  }
  return count;
}

/**
 * The integration, after the build.
 * @example integrations: [legacyChunks()]
 */
export function legacyChunks() {
  return {
    name: 'legacy-chunks',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const assets = join(fileURLToPath(dir), '_astro');
        const count = legacyCopies(assets);
        logger.info(`${count} chunks copied for engines older than the modern build, lowered to ${JS_TARGET}`);
      },
    },
  } satisfies AstroIntegration;
}
