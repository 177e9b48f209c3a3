/**
 * Astro integration: after the build, writes `name.br` (brotli, best) and `name.gz` (gzip -9) next to
 * every hashed JS and CSS file in dist/_astro/. The CDN serves them as they are (nginx `brotli_static`,
 * `gzip_static`; the reference server likewise): smallest bytes, no compression work per request.
 * HTML is left to on-the-fly compression: it is small, and the simulator edits it in flight.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/**
 * The files given compressed copies, by name.
 * @example COMPRESSIBLE.test('core.zmr0Ks3Y.js') // true
 */
export const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes the brotli and gzip copies of each compressible file of `dir` (not its folders); returns how many.
 * @example precompress('dist/_astro') // writes a.js.br and a.js.gz for each a.js
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * The integration, after the build.
 * @example integrations: [precompressAssets()]
 */
export function precompressAssets() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const count = precompress(join(fileURLToPath(dir), '_astro'));
        logger.info(`${count} assets precompressed (brotli, gzip)`);
      },
    },
  } satisfies AstroIntegration;
}
