/**
 * Astro integration: after the build, each page with islands names on `<html data-js>` the chunks its
 * first screen runs, so the shell script can ask for them all at once as the page parses
 * (src/layouts/shell-script.ts), not a tier at a time (the island, then what it imports, then what its
 * first data screen imports lazily: five round trips before the prices on a 150 ms link, issue 39).
 *
 * `data-js="a.x1 b.y2|c.z3"`: chunk names without `/_astro/` and `.js`; before the bar what the islands
 * import statically (loaded on every visit), after it what the page declared with `firstScreen`
 * (src/layouts/Page.astro: the lazy parts its signed-in first screen draws, by source file name), the
 * seal of its first reads, and what those import. The build fails on a declared name that is no
 * chunk the page can load.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ISLANDS = /<astro-island\b[^>]*>/g;
const ISLAND_URLS = /\b(?:component-url|renderer-url|before-hydration-url)="\/_astro\/([^"/]+)\.js"/g;
// `client:painted="late"`: an island fetched after the first paint (src/components/shell/painted.ts).
const LATE = /\bopts="[^"]*&quot;value&quot;:&quot;late&quot;/;
const DECLARED = / data-first="([^"]*)"/;
// Any chunk a chunk names, imported at once or later (`import()`, the build's `__importAgain`).
const ANY_IMPORT = /["'`]\.\/([\w.-]+)\.js["'`]/g;
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+)\.js["']/g;

/**
 * The page's `<html>` with `data-js` written and `data-first` gone; the page as it was without islands.
 * @param {string} html
 * @param {(chunk: string) => string} read the code of `/_astro/<chunk>.js`
 * @param {string[]} chunks every chunk of the build, by name (`core.zmr0Ks3Y`)
 * @example preloadList(html, read, chunks) // '<html … data-js="core.zmr0Ks3Y VipCenter.B2pPNG7u|plans-and-user.FeG8pKJT seal.BOHeU10E">…'
 */
export function preloadList(html, read, chunks) {
  // Signed in, every page's first reads are sealed (docs/api.md): the seal is on every first screen.
  const declared = [...new Set(['seal', ...(DECLARED.exec(html)?.[1].split(' ').filter(Boolean) ?? [])])];
  const islands = [...html.matchAll(ISLANDS)].map((m) => m[0]);
  const entries = [...new Set(islands.filter((tag) => !LATE.test(tag)).flatMap((tag) => [...tag.matchAll(ISLAND_URLS)].map((m) => m[1])))];
  if (!islands.length) return html.replace(DECLARED, '');
  /** @param {string[]} from @param {Set<string>} seen */
  const graph = (from, seen) => {
    const visit = (/** @type {string} */ chunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const m of read(chunk).matchAll(STATIC_IMPORT)) visit(m[1]);
    };
    from.forEach(visit);
    return seen;
  };
  const always = graph(entries, new Set());
  // A declared name is looked for among the chunks the page's code can load at all; where two modules
  // of that graph share the file name (the checkout part and the pay flow's checkout), both are asked for.
  const reachable = new Set();
  const reach = (/** @type {string} */ chunk) => {
    if (reachable.has(chunk) || !chunks.includes(chunk)) return;
    reachable.add(chunk);
    for (const m of read(chunk).matchAll(ANY_IMPORT)) reach(m[1]);
  };
  entries.forEach(reach);
  const lazy = declared.flatMap((name) => {
    const found = [...reachable].filter((chunk) => chunk.replace(/\.[\w-]+$/, '') === name);
    if (!found.length) throw new Error(`firstScreen names "${name}", which is no chunk the page can load`);
    return found;
  });
  const later = [...graph(lazy, new Set(always))].filter((chunk) => !always.has(chunk));
  const list = `${[...always].join(' ')}${later.length ? `|${later.join(' ')}` : ''}`;
  return html.replace(DECLARED, '').replace(/<html\b[^>]*/, (tag) => `${tag} data-js="${list}"`);
}

const htmlFiles = (/** @type {string} */ dir) =>
  readdirSync(dir).flatMap((/** @type {string} */ name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });

export default function preloadChunks() {
  return {
    name: 'preload-chunks',
    hooks: {
      'astro:build:done': (/** @type {{ dir: URL, logger: { info: (message: string) => void } }} */ { dir, logger }) => {
        const root = fileURLToPath(dir);
        const chunks = readdirSync(join(root, '_astro'))
          .filter((name) => name.endsWith('.js'))
          .map((name) => name.slice(0, -3));
        /** @type {Map<string, string>} */
        const cache = new Map();
        const read = (/** @type {string} */ chunk) =>
          cache.get(chunk) ?? cache.set(chunk, readFileSync(join(root, '_astro', `${chunk}.js`), 'utf8')).get(chunk) ?? '';
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const listed = preloadList(html, read, chunks);
          if (listed === html) continue;
          writeFileSync(file, listed);
          if (listed.includes(' data-js="')) pages++;
        }
        logger.info(`${pages} pages name the chunks of their first screen (data-js)`);
      },
    },
  };
}
