/**
 * Astro integration: after the build, every inline script Astro wrote itself (the island loader, the
 * client directives; built for the newest engines) is lowered to the floor (build/engines.ts), and the
 * page's CSP names the hashes of the inline scripts and styles it carries, no others. Our own inline
 * scripts are ES5 already (build/inline-script.ts) and are left as they are (`keep`): minified again
 * for Chromium 64 they would no longer be ES5.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { transformSync } from 'esbuild';
import { JS_TARGET } from './engines.ts';

// The inline scripts this lowers: classic ones, as Astro writes its loader and directives.
const CLASSIC = /(<script(?: nomodule)?>)([\s\S]*?)<\/script>/g;
const STYLE = /<style>([\s\S]*?)<\/style>/g;
const POLICY = /(<meta http-equiv="content-security-policy" content="[^"]*)/;
// Any other inline script: a data block (no code), or one Astro began to write otherwise.
const OTHER = /<script\b(?![^>]*\bsrc=)(?! nomodule>)(?!>)([^>]*)>/g;

const hash = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

/**
 * One page's HTML with its classic inline scripts lowered, and its CSP naming exactly the inline
 * scripts and styles the page carries: Astro lists every page's inline styles and scripts on every
 * page (about 15 style hashes where a page has one or two: 0.5 KB gzip of each page's first round
 * trip). `cache` keeps each distinct script's result (500 pages share a handful).
 * @example lowerPage('<script>try{}catch{}</script>…', new Map(), new Set([shell.code]))
 */
export function lowerPage(html: string, cache: Map<string, string>, keep: Set<string>): string {
  const out = html.replace(CLASSIC, (whole, open: string, code: string) => {
    if (keep.has(code)) return whole;
    let lowered = cache.get(code);
    if (lowered === undefined) {
      lowered = transformSync(code, { target: JS_TARGET, minify: true }).code.trim();
      cache.set(code, lowered);
    }
    return `${open}${lowered}</script>`;
  });
  // Executable inline scripts (a JSON data block is not one: CSP does not apply to it) and styles.
  const scripts = [...out.matchAll(CLASSIC)].map((m) => `'${hash(m[2]!)}'`);
  const styles = [...out.matchAll(STYLE)].map((m) => `'${hash(m[1]!)}'`);
  const sources = (list: string[]) => ["'self'", ...new Set(list)].join(' ');
  return out.replace(POLICY, (policy) =>
    policy
      .replace(/script-src 'self'(?: 'sha256-[^']+')*/, `script-src ${sources(scripts)}`)
      .replace(/style-src 'self'(?: 'sha256-[^']+')*/, `style-src ${sources(styles)}`),
  );
}

/**
 * Why a built page would reach an old engine with a script of Astro's left unlowered, or null: its
 * islands and no inline script of Astro's (the loader went elsewhere), or an inline script written
 * in a way this does not lower (`<script type="module">…`). Astro's internals, not an API
 * (docs/upgrading.md): the build stops rather than ship a loader Chromium 64 cannot parse.
 * @example unlowered('<astro-island …><script type="module">…</script>', keep) // 'an inline <script type="module"> …'
 */
export function unlowered(html: string, keep: Set<string>): string | null {
  for (const [, attributes] of html.matchAll(OTHER)) {
    if (!/^ type="application\/json"/.test(attributes!)) return `an inline <script${attributes}> that is not lowered`;
  }
  const astro = [...html.matchAll(CLASSIC)].filter((m) => !keep.has(m[2]!));
  if (/<astro-island\b/.test(html) && !astro.length) return 'islands, but no inline script of Astro’s (its island loader) to lower';
  return null;
}

/**
 * What a lowered page runs or applies inline that its CSP does not name, or null. Astro's CSP meta is
 * rewritten as text (docs/upgrading.md, "Astro's inline scripts"): where it changed shape, the page
 * would refuse its own loader, or carry no CSP at all.
 * @example unlisted(lowerPage(html, cache, keep)) // null
 */
export function unlisted(html: string): string | null {
  const policy = POLICY.exec(html)?.[1];
  if (policy === undefined) return 'no CSP meta';
  const listed = (directive: string, code: string) => (new RegExp(`${directive} ([^;]*)`).exec(policy)?.[1] ?? '').split(' ').includes(`'${hash(code)}'`);
  const script = [...html.matchAll(CLASSIC)].find((m) => !listed('script-src', m[2]!));
  if (script) return `an inline script its CSP does not name: ${script[2]!.slice(0, 60)}…`;
  const style = [...html.matchAll(STYLE)].find((m) => !listed('style-src', m[1]!));
  if (style) return `an inline style its CSP does not name: ${style[1]!.slice(0, 60)}…`;
  return null;
}

/**
 * The integration, after the build: `keep` holds our own inline scripts, byte for byte.
 * @example lowerInlineScripts([shell.code, events.code])
 */
export function lowerInlineScripts(keep: string[]) {
  return {
    name: 'lower-inline-scripts',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const cache = new Map<string, string>();
        const ours = new Set(keep);
        let pages = 0;
        for (const file of walk(fileURLToPath(dir)).filter((f) => f.endsWith('.html'))) {
          const html = readFileSync(file, 'utf8');
          const problem = unlowered(html, ours);
          if (problem) throw new Error(`${file}: ${problem} (docs/upgrading.md, "Astro's inline scripts")`);
          const lowered = lowerPage(html, cache, ours);
          const unnamed = unlisted(lowered);
          if (unnamed) throw new Error(`${file}: ${unnamed} (docs/upgrading.md, "Astro's inline scripts")`);
          if (lowered !== html) {
            writeFileSync(file, lowered);
            pages++;
          }
        }
        logger.info(`${pages} pages: inline scripts lowered to ${JS_TARGET}, their CSP pruned`);
      },
    },
  } satisfies AstroIntegration;
}
