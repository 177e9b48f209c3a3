/**
 * Astro integration: after the build, writes `name.br` (brotli, best) and `name.gz` (gzip -9) next to
 * every hashed JS and CSS file in dist/_astro/ and every page. The CDN serves them as they are (nginx
 * `brotli_static`, `gzip_static`; the reference server likewise): smallest bytes, no compression work
 * per request. Pages too: at nginx's default gzip level (1), th-TH /my-detail is 17.2 KB, over the
 * 14 KB that keeps a first paint in one round trip; its gzip copy is 14.2 KB (what `npm run test:size`
 * measures), its brotli copy 12.5 KB. The simulator's framed copies of a page are still compressed on
 * the fly, after it has edited them (server/app.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { LEGACY_DIR } from './legacy-chunks.ts';

/**
 * The files given compressed copies, by name.
 * @example COMPRESSIBLE.test('core.zmr0Ks3Y.js') // true
 */
export const COMPRESSIBLE = /\.(js|css|svg|json)$/;

const brotliOptions = (body: Buffer): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

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
    writeFileSync(`${path}.br`, brotliCompressSync(body, brotliOptions(body)));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes the brotli and gzip copies of every page (`.html`) under `dir`, its `_astro` folder aside;
 * returns how many. On libuv's threads, all at once: brotli at its best takes some 35 ms a page, 18 s
 * for the 510 pages one after another.
 * @example await precompressPages('dist') // writes vip-center.html.br and vip-center.html.gz, …
 */
export async function precompressPages(dir: string): Promise<number> {
  const pages = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter(
    (path) => path.endsWith('.html') && path.split(/[\\/]/)[0] !== '_astro',
  );
  await Promise.all(
    pages.map(async (page) => {
      const path = join(dir, page);
      const body = await readFile(path);
      const [br, gz] = await Promise.all([brotliAsync(body, brotliOptions(body)), gzipAsync(body, { level: 9 })]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    }),
  );
  return pages.length;
}

/**
 * The integration for the assets, after the build.
 * @example integrations: [precompressAssets()]
 */
export function precompressAssets() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const assets = join(fileURLToPath(dir), '_astro');
        // The legacy copies too (build/legacy-chunks.ts), once the steps before have edited them (build/classic-core.ts).
        const count = precompress(assets) + precompress(join(assets, LEGACY_DIR));
        logger.info(`${count} assets precompressed (brotli, gzip)`);
      },
    },
  } satisfies AstroIntegration;
}

/**
 * The integration for the pages: last, once every other step has written them.
 * @example integrations: [..., precompressPagesLast()]
 */
export function precompressPagesLast() {
  return {
    name: 'precompress-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompressPages(fileURLToPath(dir));
        logger.info(`${count} pages precompressed (brotli, gzip)`);
      },
    },
  } satisfies AstroIntegration;
}
