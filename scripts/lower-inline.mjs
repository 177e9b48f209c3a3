/**
 * Astro integration: after the build, every inline script Astro wrote itself (the island loader, the
 * client directives; built for the newest engines) is lowered to the floor (scripts/lib/engines.mjs),
 * and the page's CSP names the hashes of the inline scripts and styles it carries, no others. Our
 * own inline scripts are ES5 already (scripts/inline-script.mjs) and are left as they are (`keep`):
 * minified again for Chromium 64 they would no longer be ES5.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { JS_TARGET } from './lib/engines.mjs';

const hash = (code) => `sha256-${createHash('sha256').update(code).digest('base64')}`;
const walk = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

/**
 * One page's HTML with its classic inline scripts lowered, and its CSP naming exactly the inline
 * scripts and styles the page carries: Astro lists every page's inline styles and scripts on every
 * page (about 15 style hashes where a page has one or two: 0.5 KB gzip of each page's first round
 * trip). `cache` keeps each distinct script's result (500 pages share a handful).
 * @example lowerPage('<script>try{}catch{}</script>…', new Map(), new Set([shell.code]))
 */
export function lowerPage(html, cache, keep) {
  const out = html.replace(/(<script(?: nomodule)?>)([\s\S]*?)<\/script>/g, (whole, open, code) => {
    if (keep.has(code)) return whole;
    let lowered = cache.get(code);
    if (lowered === undefined) {
      lowered = transformSync(code, { target: JS_TARGET, minify: true }).code.trim();
      cache.set(code, lowered);
    }
    return `${open}${lowered}</script>`;
  });
  // Executable inline scripts (a JSON data block is not one: CSP does not apply to it) and styles.
  const scripts = [...out.matchAll(/<script(?: nomodule)?>([\s\S]*?)<\/script>/g)].map((m) => `'${hash(m[1])}'`);
  const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'${hash(m[1])}'`);
  const sources = (list) => ["'self'", ...new Set(list)].join(' ');
  return out.replace(/(<meta http-equiv="content-security-policy" content="[^"]*)/, (policy) =>
    policy
      .replace(/script-src 'self'(?: 'sha256-[^']+')*/, `script-src ${sources(scripts)}`)
      .replace(/style-src 'self'(?: 'sha256-[^']+')*/, `style-src ${sources(styles)}`),
  );
}

/** @example lowerInlineScripts([shell.code, events.code]) */
export default function lowerInlineScriptsIntegration(keep) {
  return {
    name: 'lower-inline-scripts',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const cache = new Map();
        let pages = 0;
        for (const file of walk(fileURLToPath(dir)).filter((f) => f.endsWith('.html'))) {
          const html = readFileSync(file, 'utf8');
          const lowered = lowerPage(html, cache, new Set(keep));
          if (lowered !== html) {
            writeFileSync(file, lowered);
            pages++;
          }
        }
        logger.info(`${pages} pages: inline scripts lowered to ${JS_TARGET}, their CSP pruned`);
      },
    },
  };
}
