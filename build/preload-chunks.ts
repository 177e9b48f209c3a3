/**
 * Astro integration: after the build, each page with islands names on `<html data-js>` the chunks its
 * first screen runs, so the island directive can ask for them all at once when the page has painted
 * (src/components/shell/painted.ts), not a tier at a time (the island, then what it imports, then what its
 * first data screen imports lazily: five round trips before the prices on a 150 ms link, issue 39).
 *
 * `data-js="s.w0|a.x1 b.y2|c.z3|g.v4"`: chunk names without `/_astro/` and `.js`, in four parts: what a
 * signed-in page runs first, the seal's chunk (src/lib/api/seal.ts), or nothing on a page with first
 * reads, whose script brings its own seal (`data-reads`, build/first-reads-script.ts); what the islands
 * import statically (loaded on every visit); what the page declared with `firstScreen`
 * (src/layouts/Page.astro: the lazy parts its signed-in first screen draws, by source file name) and
 * what those import, in the order the page names them; what the sign-in gate's island loads besides
 * (AppGate, src/layouts/Page.astro), which a signed-in user does not see: the directive asks
 * for it last then, after what draws the first screen. The build fails on a declared name that is no
 * chunk the page can load, and on a seal's chunk that would wait for another.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { entryUrls, htmlFilesIn, reachableGraph, staticGraph } from '../scripts/lib/chunk-graph.mjs';

// `client:painted="late"`: an island that is no part of the first screen (tracking: Page.astro).
const LATE = /\bopts="[^"]*&quot;value&quot;:&quot;late&quot;/;
// The sign-in gate (src/islands/ui/AppGate.tsx, Page.astro), by its name: the first screen of a signed-out user only.
const GATE = /\bopts="{&quot;name&quot;:&quot;AppGate&quot;,/;
const DECLARED = / data-first="([^"]*)"/;
/** The seal's chunk, by its source file (src/lib/api/seal.ts). */
const SEALED = 'seal';
/** A page with first reads (build/first-reads-script.ts): their script seals, and the seal's chunk is not needed. */
const READS = / data-reads="[^"]+"/;
/** `/_astro/core.zmr0Ks3Y.js` → `core.zmr0Ks3Y`, as data-js names it. */
const nameOf = (url: string) => url.replace(/^\/_astro\/|\.js$/g, '');
/** `core.zmr0Ks3Y` → `core`, the source file's name. */
const moduleOf = (chunk: string) => chunk.replace(/\.[\w-]+$/, '');

/**
 * The page's `<html>` with `data-js` written and `data-first` gone; the page as it was without islands.
 * `read` gives the code of a chunk by its URL path.
 * @example preloadList(html, read) // '<html lang="en-US" … data-js="seal.BOHeU10E|core.zmr0Ks3Y VipCenter.B2pPNG7u …|plans-and-user.FeG8pKJT …">…'
 */
export function preloadList(html: string, read: (url: string) => string): string {
  if (!/<astro-island\b/.test(html)) return html.replace(DECLARED, '');
  // Signed in, every page's first reads are sealed (docs/api.md): the seal is on every signed-in first
  // screen, in the first reads' script where the page has one, else as its own chunk.
  const reads = READS.test(html);
  const declared = [...new Set([...(reads ? [] : [SEALED]), ...(DECLARED.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [])])];
  const entries = entryUrls(html, (island) => !LATE.test(island) && !GATE.test(island));
  const always = staticGraph(entries, read);
  // Astro's island tags and Rolldown's import lines are read as text (docs/upgrading.md, "What a page
  // loads"): where either changed shape, the list would be short, and the byte budget with it.
  const upgrade = 'docs/upgrading.md, "What a page loads"';
  if ((html.match(/<astro-island\b[^>]*>/g) ?? []).some((tag) => !/\bcomponent-url="/.test(tag))) {
    throw new Error(`an island tag without component-url: Astro writes its islands otherwise (${upgrade})`);
  }
  // Every island's renderer is core's module file (build/chunk-plan.ts) until the tags name the islands'
  // own chunks (build/classic-core.ts, islandTagsLast, after this): the islands' graph holds more than their tags name.
  if ([...always].every((url) => entries.includes(url))) throw new Error(`the islands load no chunk beyond ${entries.join(' ')} (${upgrade})`);
  // A declared name is looked for among the chunks the page's code can load at all; where two modules
  // of that graph share the file name (the checkout part and the pay flow's checkout), both are asked for,
  // the larger first: on /channel that is the part the first screen draws.
  const reachable = [...reachableGraph(entries, read)];
  const lazy = declared.flatMap((name) => {
    const found = reachable.filter((url) => moduleOf(nameOf(url)) === name).sort((a, b) => read(b).length - read(a).length);
    if (!found.length) throw new Error(`firstScreen names "${name}", which is no chunk the page can load`);
    return found;
  });
  // In the order the page names its parts, each followed by what it imports: past six requests (HTTP/1.1)
  // the rest wait for a connection, and the first free ones go to what the first screen draws. By size,
  // /channel's pay flow (the host's calls, the purchase) went before its checkout part, which then waited
  // a round trip for a connection: 16 paired loads, its useful mark 20 ms sooner in this order.
  const later = [...staticGraph(lazy, read, new Set(always))].filter((url) => !always.has(url));
  // What runs first, at the paint, before core is in (src/components/shell/painted.ts): on a page
  // without first reads, the seal's chunk, which may not wait for core: it imports nothing.
  const seal = reads ? undefined : later.find((url) => moduleOf(nameOf(url)) === SEALED);
  // Static imports and re-exports, as Rolldown writes them (`import{a as b}from"./x.js"`, `import"./x.js"`).
  const imports = (url: string) =>
    [...read(url).matchAll(/(?:^|[;}])\s*(?:import\s*(?:[\w{}\s,*$]*from\s*)?|export\s*[\w{}\s,*$]*from\s*)"\.\/([^"]+)"/g)].map((m) => `/_astro/${m[1]}`);
  if (seal && imports(seal).length) throw new Error(`${seal} imports ${imports(seal).join(', ')}: it would wait for it at the paint (src/lib/api/seal.ts)`);
  // What the islands import, the largest first: on a link of six connections (HTTP/1.1) the rest queue
  // behind the first six, and core, the largest by far, would otherwise be the last to arrive.
  const names = (urls: string[]) => urls.map(nameOf).join(' ');
  // Core's module first, whatever its size: the directive reads core's script's name there, and an
  // engine older than the modern build loads its legacy copy, core itself, which every island waits for
  // (build/classic-core.ts; a modern engine runs the script and asks for no module of core).
  const isCore = (url: string) => moduleOf(nameOf(url)) === 'core';
  const bySize = (urls: string[]) => names(urls.sort((a, b) => Number(isCore(b)) - Number(isCore(a)) || read(b).length - read(a).length));
  const runFirst = seal ? [seal] : [];
  // Core's classic script is the directive's to run (build/classic-core.ts), not a module to preload.
  const modules = (urls: string[]) => urls.filter((url) => !url.endsWith('.classic.js'));
  // The gate's island, and what it imports that the rest does not.
  const before = new Set([...always, ...later]);
  const gate = [
    ...staticGraph(
      entryUrls(html, (island) => GATE.test(island)),
      read,
      new Set(before),
    ),
  ].filter((url) => !before.has(url));
  const list = `${names(runFirst)}|${bySize(modules([...always]))}|${names(modules(later).filter((url) => !runFirst.includes(url)))}|${names(modules(gate))}`;
  return html.replace(DECLARED, '').replace(/<html\b[^>]*/, (tag) => `${tag} data-js="${list}"`);
}

/**
 * The integration, after the build.
 * @example integrations: [preloadChunks()]
 */
export function preloadChunks() {
  return {
    name: 'preload-chunks',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const cache = new Map<string, string>();
        const read = (url: string) => cache.get(url) ?? cache.set(url, readFileSync(join(root, url), 'utf8')).get(url) ?? '';
        let pages = 0;
        let late = 0;
        let gated = 0;
        for (const file of htmlFilesIn(root)) {
          const html = readFileSync(file, 'utf8');
          const listed = preloadList(html, read);
          if (listed === html) continue;
          writeFileSync(file, listed);
          if (listed.includes(' data-js="')) pages++;
          if (LATE.test(html)) late++;
          if (GATE.test(html)) gated++;
        }
        // Every page with islands draws tracking late (Page.astro): none found, Astro writes a directive's value otherwise.
        if (pages && !late) throw new Error('no island is client:painted="late" any more, as LATE reads it (docs/upgrading.md, "What a page loads")');
        // Most pages have the sign-in gate (Page.astro): none found, Astro writes an island's name otherwise, or it was renamed.
        if (pages && !gated) throw new Error('no page has the sign-in gate (AppGate) as GATE reads it (docs/upgrading.md, "What a page loads")');
        logger.info(`${pages} pages name the chunks of their first screen (data-js), ${gated} with the sign-in gate's last`);
      },
    },
  } satisfies AstroIntegration;
}
