/**
 * Vite plugin: the chunk plan, read from the module graph, not from a list of paths (docs/models.md,
 * "Chunks"):
 * - `core`: what at least a fifth of the islands import before any interaction, statically (the
 *   runtime, the bridge, the API client, the stores they all read, the form parts most pages draw),
 *   and the framework's renderer, the one entry that is no island (`@astrojs/preact`'s client, which
 *   Astro's island loader imports on every page with islands): a chunk of its own (731 B gzip) was one
 *   more request on every such page, a round trip more where a first screen passed six (HTTP/1.1);
 * - `core` also: a module under TINY_CODE that islands or lazy parts of two or more areas import, and
 *   whose own imports are in core: a chunk of its own cost a request more than its bytes in core;
 * - an area's chunk: what two or more islands of one area (src/islands/<area>/) share and core lacks;
 * - an area's later chunk (`<area>-later`): what two or more of an area's lazy parts (its dynamic
 *   imports) share, imported by no island statically and by no other area's parts. Left to Rolldown,
 *   each such module is a chunk of its own, and a part that needs four of them waits for a connection
 *   for each: /vip-center's plans drew from five lazy chunks on six connections (HTTP/1.1), a third
 *   round trip (issue 39). A lazy part itself stays a chunk of its own: grouped, it would bring
 *   Rolldown's runtime chunk back;
 * - a later chunk of what lazy parts of several areas share (`<module>-later`: the forms' modules, the
 *   pay flow's), one per widest set of parts that load them, named after its module with that set:
 *   /private.html's form waited for five such chunks, the last a round trip behind on six connections;
 * - the rest is Rolldown's: a module goes with the one island that imports it, or into a chunk of the
 *   islands that share it, and what is only imported dynamically stays lazy.
 * The fifth is measured: of the shares tried (a half, a third, a fourth, a fifth, a sixth, an eighth,
 * a tenth), it gives the lightest heaviest page (20,397 B gzip, measured again once the bridge's calls
 * were declared per area; a third or a fourth 20,454 B, a half 20,701 B in 12 files, a sixth 20,752 B,
 * a tenth 23,181 B) where many small chunks each cost their own gzip header and import lines, and a
 * large core costs every page what few use. A new model, page or area needs no line here.
 *
 * Rolldown's `codeSplitting.groups` decide where a module goes (docs/upgrading.md): a client build
 * whose `core` chunk is missing or lacks a module the plan put there stops here.
 */
import type { Plugin } from 'vite';

/** The share of the islands that must import a module for it to go to `core`. */
const CORE_SHARE = 1 / 5;
/**
 * Code (comments and runs of space left out) under which a module that several areas share goes to core
 * rather than into a chunk of its own. The four under it (the tiers' benefits, `shown-again`,
 * `with-loaded`, the player's bridge calls) weigh 259 B gzip in core together; as chunks, each cost its
 * request's headers (about 300 B each way) and, on a first screen past six requests, a round trip. At
 * 600, modules the areas' chunks held came too: core +526 B, four pages over the byte policy's line.
 */
const TINY_CODE = 350;

/**
 * Where the plan puts each module of a graph: `core`, an area's name, `<area>-later`, or nothing
 * (Rolldown decides). `importsOf` gives a module's static imports, `lazyImportsOf` its dynamic ones;
 * `islands` are the graph's entries.
 * @example chunksOf(['/src/islands/vip/A.tsx', '/src/islands/vip/B.tsx'], importsOf).get('/src/lib/vip/model.ts') // 'core'
 */
export function chunksOf(
  islands: string[],
  importsOf: (id: string) => readonly string[],
  lazyImportsOf: (id: string) => readonly string[] = () => [],
  sizeOf: (id: string) => number = () => Infinity,
): Map<string, string> {
  const areaOf = (island: string) => /\/src\/islands\/(\w+)\//.exec(island)?.[1];
  const graphOf = (from: string, next: (id: string) => readonly string[]) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...next(id));
    }
    return seen;
  };
  const users = new Map<string, string[]>();
  for (const island of islands) for (const id of graphOf(island, importsOf)) users.set(id, [...(users.get(id) ?? []), island]);
  const chunks = new Map<string, string>();
  // Rolldown makes the group holding an entry that entry's chunk: core becomes the renderer's file,
  // which the island loader imports by its `default` and the islands by their names (build/island-exports.ts).
  for (const entry of islands) if (!areaOf(entry) && !entry.includes('/src/')) chunks.set(entry, 'core');
  for (const [id, by] of users) {
    if (islands.includes(id)) continue;
    const areas = new Set(by.map(areaOf));
    if (by.length >= islands.length * CORE_SHARE) chunks.set(id, 'core');
    else if (by.length >= 2 && areas.size === 1 && !areas.has(undefined)) chunks.set(id, [...areas][0]!);
  }
  // The lazy parts, each with the areas whose islands reach it (through imports of either kind).
  const partAreas = new Map<string, Set<string | undefined>>();
  for (const island of islands) {
    for (const id of graphOf(island, (id) => [...importsOf(id), ...lazyImportsOf(id)])) {
      for (const part of lazyImportsOf(id)) partAreas.set(part, (partAreas.get(part) ?? new Set()).add(areaOf(island)));
    }
  }
  const partsOf = new Map<string, string[]>();
  for (const part of partAreas.keys()) {
    for (const id of graphOf(part, importsOf)) if (!users.has(id) && !partAreas.has(id)) partsOf.set(id, [...(partsOf.get(id) ?? []), part]);
  }
  const later = new Map<string, string>();
  // What lazy parts of two or more areas share, with the parts that load it.
  const shared = new Map<string, Set<string>>();
  for (const [id, parts] of partsOf) {
    const areas = new Set(parts.flatMap((part) => [...partAreas.get(part)!]));
    if (parts.length < 2 || areas.has(undefined)) continue;
    if (areas.size === 1) later.set(id, `${[...areas][0]}-later`);
    else shared.set(id, new Set(parts));
  }
  // Each such module goes with the widest set of parts that load all of its users: the forms' modules
  // with the form parts, the pay flow's with the purchases. One chunk per set, named after the module
  // whose parts those are: a part loads what it shares with other areas in one request (/private.html's
  // form waited for five, the last a round trip behind on six connections), and nothing of a set it has
  // no part in. (Named like an area's later chunk, they would be one chunk: larger, never wrong.)
  for (const [id, parts] of shared) {
    const covering = [...shared].filter(([, others]) => [...parts].every((part) => others.has(part)));
    const [widest] = covering.sort(([a, x], [b, y]) => y.size - x.size || (a < b ? -1 : 1))[0]!;
    later.set(id, `${/([\w-]+)\.\w+$/.exec(widest)![1]}-later`);
  }
  // Rolldown takes a grouped module's static imports into its group unless another group has them: a
  // module that imports one the plan leaves to Rolldown stays out, and so, in turn, do its importers.
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const [id, chunk] of later) {
      if (importsOf(id).every((imported) => later.get(imported) === chunk || (chunks.has(imported) && !later.has(imported)))) continue;
      later.delete(id);
      dropped = true;
    }
  }
  for (const [id, chunk] of later) chunks.set(id, chunk);
  // A small module that islands or lazy parts of two or more areas import: Rolldown would give it a
  // chunk of its own, one more request on a first screen that may already pass six connections
  // (HTTP/1.1), where it came a round trip after the rest. Only one whose imports are all in core, or
  // the core group would take them along.
  const areasReaching = new Map<string, Set<string | undefined>>();
  const reach = (id: string, areas: Iterable<string | undefined>) => {
    const set = areasReaching.get(id) ?? new Set();
    for (const area of areas) set.add(area);
    areasReaching.set(id, set);
  };
  for (const [id, by] of users) reach(id, by.map(areaOf));
  for (const [part, areas] of partAreas) for (const id of graphOf(part, importsOf)) reach(id, areas);
  for (const [id, areas] of areasReaching) {
    if (chunks.has(id) || !users.has(id) || islands.includes(id) || partAreas.has(id) || areas.size < 2 || sizeOf(id) > TINY_CODE) continue;
    if (importsOf(id).every((imported) => chunks.get(imported) === 'core')) chunks.set(id, 'core');
  }
  return chunks;
}

/** A module's size for TINY_CODE: its code without comments and runs of space (a measure, not a minifier). */
const codeSize = (code: string | null | undefined) => (code == null ? Infinity : code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').replace(/\s+/g, ' ').length);

/**
 * The plugin: it reads each environment's graph (the pages', then the islands') once it is built, and
 * gives Rolldown the groups that follow it. Core first: a name function alone let Rolldown file core
 * modules under an area's chunk.
 * @example vite: { plugins: [chunkPlan()] }
 */
export function chunkPlan() {
  let chunks = new Map<string, string>();
  const chunkOf = (id: string) => chunks.get(id) ?? null;
  return {
    name: 'chunk-plan',
    configEnvironment: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'core', test: (id: string) => chunkOf(id) === 'core', priority: 2 },
                { name: (id: string) => (chunkOf(id) === 'core' || chunkOf(id)?.endsWith('-later') ? null : chunkOf(id)), priority: 1 },
                // Last, so that what the later chunks import is already in core or an area's chunk.
                { name: (id: string) => (chunkOf(id)?.endsWith('-later') ? chunkOf(id) : null), priority: 0 },
              ],
            },
          },
        },
      },
    }),
    // Core holds the renderer's entry, and Rolldown names an entry's chunk after the entry (`client`):
    // named `core` again, as every tool and page that names it expects.
    outputOptions(output) {
      if (this.environment.name !== 'client') return;
      const astro = output.entryFileNames;
      if (typeof astro !== 'function')
        throw new Error(`chunk-plan: Astro names the client's entries otherwise (${JSON.stringify(astro)}; docs/upgrading.md, "Chunk plan")`);
      return { ...output, entryFileNames: (info) => astro(chunkOf(info.facadeModuleId ?? '') === 'core' ? { ...info, name: 'core' } : info) };
    },
    buildEnd() {
      const islands = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      chunks = chunksOf(
        islands,
        (id) => this.getModuleInfo(id)?.importedIds ?? [],
        (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        (id) => codeSize(this.getModuleInfo(id)?.code),
      );
    },
    // Where each module the plan put in core went (one that tree-shaking emptied went nowhere).
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunkOfModule = new Map<string, string>();
      // By its file's name (`_astro/core.<hash>.js`): the chunk that took in the renderer's entry keeps the entry's name.
      const nameOf = (fileName: string) => fileName.replace(/^.*\//, '').replace(/\.[\w-]+\.js$/, '');
      for (const file of Object.values(bundle)) if (file.type === 'chunk') for (const id of file.moduleIds) chunkOfModule.set(id, nameOf(file.fileName));
      const astray = [...chunks].filter(([id, chunk]) => chunk === 'core' && (chunkOfModule.get(id) ?? 'core') !== 'core').map(([id]) => id);
      const why = 'docs/upgrading.md, "Chunk plan"';
      if (![...chunkOfModule.values()].includes('core')) throw new Error(`chunk-plan: the client build has no core chunk (${why})`);
      if (astray.length)
        throw new Error(`chunk-plan: ${astray.length} modules planned for core are elsewhere, ${astray[0]} in ${chunkOfModule.get(astray[0]!)} (${why})`);
      // A later chunk holds what was planned for it and nothing else: a module Rolldown brought along
      // (a static import the plan left to it) could be one an island imports, which would put the
      // whole chunk on every first load of its area.
      const along = [...chunkOfModule].filter(([id, chunk]) => chunk.endsWith('-later') && chunks.get(id) !== chunk).map(([id]) => id);
      if (along.length) throw new Error(`chunk-plan: ${along[0]} went to ${chunkOfModule.get(along[0]!)} unplanned (${why})`);
    },
  } satisfies Plugin;
}
