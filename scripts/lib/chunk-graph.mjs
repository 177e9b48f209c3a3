// @ts-check
// What a built page loads, read from its HTML and its chunks' import lines: shared by the byte budgets
// (scripts/lib/pages.mjs), the message pruning (build/prune-messages.ts) and the first screen's
// chunk list (build/preload-chunks.ts). Chunks are named by their URL path (`/_astro/core.x.js`);
// `read(url)` gives a chunk's code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Static imports only: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`.
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;
// Any chunk a chunk names, loaded at once or later (`import()`, the build's `__importAgain`).
const ANY_IMPORT = /["'`](\.\.?\/[\w./-]+\.js)["'`]/g;
// A facade's script (build/classic-core.ts: core's code runs as a classic script, its module hands it
// on), which loads with the facade and is part of what the page runs.
const SCRIPT_LINE = /^\/\/# script (\.\/[\w.-]+\.js)$/gm;
const ENTRY_URLS = /\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g;

/**
 * Every HTML file under `dir`, in directory order.
 * @example htmlFilesIn('dist')[0] // 'dist/AccountOrDevicePdf.html'
 * @param {string} dir
 * @returns {string[]}
 */
export const htmlFilesIn = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFilesIn(path) : name.endsWith('.html') ? [path] : [];
  });

/**
 * The scripts a page starts from: its module scripts and its islands' chunks (of the island tags
 * `keep` accepts, all by default).
 * @example entryUrls(html) // ['/_astro/AppGate.x.js', '/_astro/core.y.js', …]
 * @param {string} html
 * @param {(islandTag: string) => boolean} [keep]
 * @returns {string[]}
 */
export function entryUrls(html, keep = () => true) {
  // A group that is no optional part of its pattern always holds a string.
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => /** @type {string} */ (m[1]));
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .filter((m) => keep(m[0]))
    .flatMap((m) => [...m[0].matchAll(ENTRY_URLS)].map((u) => /** @type {string} */ (u[1])));
  // The islands' renderer comes with their own chunks (build/classic-core.ts, islandTags), and core as a
  // script the island directive runs, which `data-js` names by core's module.
  const core = islands.length ? / data-js="[^"]*?\b(core\.[\w-]+)[ |"]/.exec(html) : null;
  return [...new Set([...scripts, ...islands, ...(core ? [`/_astro/${core[1]}.classic.js`] : [])])];
}

/**
 * `entries` and the chunks they import statically, transitively: what runs before any interaction.
 * @example staticGraph(['/_astro/VipCenter.x.js'], read) // Set { '/_astro/VipCenter.x.js', '/_astro/core.y.js', … }
 * @param {string[]} entries
 * @param {(url: string) => string} read
 * @param {Set<string>} [seen] chunks already counted (not visited again)
 */
export function staticGraph(entries, read, seen = new Set()) {
  return graph(entries, read, STATIC_IMPORT, seen);
}

/**
 * `entries` and every chunk they name, at once or later, transitively: everything the page may run.
 * More than it runs at worst (a chunk named but never loaded).
 * @example reachableGraph(['/_astro/VipCenter.x.js'], read).has('/_astro/plans-and-user.z.js') // true
 * @param {string[]} entries
 * @param {(url: string) => string} read
 */
export function reachableGraph(entries, read) {
  return graph(entries, read, ANY_IMPORT, new Set());
}

/**
 * @param {string[]} entries
 * @param {(url: string) => string} read
 * @param {RegExp} imports
 * @param {Set<string>} seen
 */
function graph(entries, read, imports, seen) {
  const visit = (/** @type {string} */ url) => {
    if (!url.startsWith('/') || seen.has(url)) return;
    seen.add(url);
    const code = read(url);
    for (const m of [...code.matchAll(imports), ...code.matchAll(SCRIPT_LINE)]) visit(new URL(/** @type {string} */ (m[1]), `http://x${url}`).pathname);
  };
  entries.forEach(visit);
  return seen;
}
