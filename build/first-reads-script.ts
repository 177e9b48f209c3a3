/**
 * Astro integration: the chunk that sends a page's first reads (src/lib/api/first-reads.ts, with the
 * seal it imports) as one classic script, /_astro/first-reads.<hash>.js, bundled after the build for
 * the floor (JS_TARGET: one file for every engine, 3 KB gzip, nothing of it lowered that a modern
 * engine would notice), and named on each page that has first reads (`<html data-reads="first-reads.…">`).
 *
 * A classic script, not a module, because it is fetched while the page parses and run at the paint:
 * the page's inline script preloads it when the user is signed in (src/layouts/reads-script.ts), the
 * island directive runs it once the page has painted (src/components/shell/painted.ts). Lighthouse's
 * simulation keeps a script fetched before the paint out of the paint's graph only when it sees the
 * script evaluated after it, which its trace tells for a classic script (an `EvaluateScript` with the
 * URL) and not for a module (`v8.evaluateModule`, no URL): as a module preload it counted the chunk
 * into the LCP, +300 ms in the app (docs/performance.md, "Useful content").
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildSync } from 'esbuild';
import { htmlFilesIn } from '../scripts/lib/chunk-graph.mjs';
import { JS_TARGET } from './engines.ts';
import { SESSION_ID } from '../src/shared/shell-rules.ts';

/** The attribute Page.astro writes empty on a page with first reads (Astro writes it bare), and this fills in. */
const EMPTY = / data-reads(?=[ >])/;

/**
 * The script's code: first-reads.ts and the seal, in one function scope, for the floor. The client's
 * `import.meta.env` (the PUBLIC_ variables Vite gives the modules) is written in as the same values.
 * @example firstReadsScript(process.env) // '(()=>{…self.firstReads=…})();'
 */
export function firstReadsScript(env: Record<string, string | undefined>): string {
  // Each variable by its full name, and anything else undefined, as in the modules.
  const define: Record<string, string> = { 'import.meta.env': '{}' };
  for (const [name, value] of Object.entries(env)) if (name.startsWith('PUBLIC_') && value != null) define[`import.meta.env.${name}`] = JSON.stringify(value);
  const [bundle] = buildSync({
    entryPoints: ['src/lib/api/first-reads.ts'],
    bundle: true,
    format: 'iife',
    target: JS_TARGET,
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    define,
  }).outputFiles!;
  return bundle!.text;
}

/** Where the build writes nginxLinks, which deploy/nginx/h5.conf includes. */
export const NGINX_LINKS = 'first-reads.nginx.conf';

/**
 * nginx's part of the first reads' preload header (server/static.ts `firstReadsLink`, which the
 * reference server sends): `$h5_first_reads`, the `Link` to this build's script on a page with first
 * reads (its file, as `try_files` leaves `$uri`) opened with a session in its query. Two maps: nginx
 * matches a file's name exactly, and the session by its shape (src/shared/shell-rules.ts SESSION_ID).
 * @example nginxLinks('first-reads.a1', ['/vip-center.html']) // 'map $uri $h5_reads_link { … }…'
 */
export function nginxLinks(name: string, pages: string[]): string {
  const link = `"</_astro/${name}.js>; rel=preload; as=script"`;
  return [
    `# Written by the build (build/first-reads-script.ts) for deploy/nginx/h5.conf: the first reads' script`,
    `# of this build, as a preload header on the ${pages.length} pages with first reads opened with a session.`,
    'map $uri $h5_reads_link {',
    '  default "";',
    ...pages.map((page) => `  ${page} ${link};`),
    '}',
    `map "$arg_app_sessionid:$h5_reads_link" $h5_first_reads {`,
    '  default "";',
    `  "~^${SESSION_ID.source.replace(/^\^|\$$/g, '')}:(?<link>.+)$" $link;`,
    '}',
    '',
  ].join('\n');
}

/**
 * The integration, after the build: before the assets are compressed (build/precompress.ts), which
 * gives the script its .br and .gz, and after the chunks are lowered (build/legacy-chunks.ts), which
 * it needs no copy of.
 * @example integrations: [legacyChunks(), firstReadsScriptFile(), precompressAssets()]
 */
export function firstReadsScriptFile() {
  return {
    name: 'first-reads-script',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const code = firstReadsScript(process.env);
        // Named like Rolldown's chunks: served immutable, so a new build must be a new name.
        const name = `first-reads.${createHash('sha256').update(code).digest('base64url').slice(0, 8)}`;
        writeFileSync(join(root, '_astro', `${name}.js`), code);
        const pages: string[] = [];
        for (const file of htmlFilesIn(root)) {
          const html = readFileSync(file, 'utf8');
          if (!EMPTY.test(html)) continue;
          writeFileSync(file, html.replace(EMPTY, ` data-reads="${name}"`));
          pages.push(`/${relative(root, file).split(sep).join('/')}`);
        }
        if (!pages.length) throw new Error('no page has data-reads (src/layouts/Page.astro)');
        writeFileSync(join(root, NGINX_LINKS), nginxLinks(name, pages));
        logger.info(`/_astro/${name}.js for the ${pages.length} pages with first reads, and ${NGINX_LINKS} for nginx`);
      },
    },
  } satisfies AstroIntegration;
}
