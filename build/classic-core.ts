/**
 * Astro integration: core (build/chunk-plan.ts) as a classic script, `core.<hash>.classic.js`, which the
 * other chunks read core's exports from; each island's chunk exports the renderer too (issue 39).
 *
 * Why: core is 14 KB of the first screen's 17–21, and came a round trip and its bytes after the paint.
 * Asked for while the page parses, a module is counted into the paint by Lighthouse's simulation
 * whenever it ended before the paint in the observed load: a module's evaluation carries no URL in the
 * trace (docs/performance.md, "The first reads' script"). A classic script's does, and the simulation
 * leaves the script out once it sees that evaluation start after the paint, in a task it keeps (two
 * requests or more started from it: the island directive asks for the first screen's chunks there).
 * So the directive preloads the script as the page parses and runs it at the paint
 * (src/components/shell/painted.ts): core is then in when the page paints (docs/performance.md, "Core
 * as a classic script").
 *
 * The script runs core's code in a function of its own (strict, as a module's) and leaves its exports on
 * `self.__h5core`; each chunk that imported core takes them from there instead, once, as bindings of its
 * own. Astro's island loader imports the renderer from `renderer-url` by its `default`: each island's
 * chunk exports it so (from the script), its component under ISLAND_EXPORT, and the tags name the
 * island's chunk for both (islandTagsLast), so that no module of core is a request of its own (a facade
 * of every export weighed 300 B gzip more on each page; one of the renderer alone, 75 B, was one more
 * request on six connections). Core's module file is left as the build's pointer to the script (the
 * `//# script` line, which the chunk graph follows while the tags still name it), and `data-js` names it
 * (build/preload-chunks.ts): the directive reads the script's name there, and an engine older than the
 * modern build loads the module's legacy copy, which is core itself.
 *
 * A chunk's binding is a copy: it holds only because no exported binding of core is ever assigned after
 * core has run, which this checks (by scope, not by name: a minifier reuses names in every function).
 * `import.meta.url` (the chunks' retrying imports) becomes the script's own URL. The legacy copies
 * (build/legacy-chunks.ts) are made before this runs and keep core a module: an engine older than the
 * modern build loads no classic core, and its island chunks re-export the renderer from core's module.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as acorn from 'acorn';
import { analyze } from 'eslint-scope';
import { htmlFilesIn } from '../scripts/lib/chunk-graph.mjs';
import { LEGACY_DIR } from './legacy-chunks.ts';

/** Where the script leaves core's exports, by their exported names. */
export const CORE_GLOBAL = '__h5core';
/** `core.zmr0Ks3Y.js` → `core.zmr0Ks3Y.classic.js`. */
export const classicName = (moduleName: string) => moduleName.replace(/\.js$/, '.classic.js');
/** The line of a facade that names its script, which the chunk graph (scripts/lib/chunk-graph.mjs) follows. */
export const SCRIPT_LINE = '//# script ';

const URL_NAME = '__h5coreUrl';
/** An export's or import's name, as written (`export{a as "b"}` names it by a string). */
const nameOf = (node: acorn.Identifier | acorn.Literal) => (node.type === 'Identifier' ? node.name : String(node.value));

/**
 * Core's module code as a classic script, and the module left in its place (naming the script); throws where
 * the module does something a script and copies of its bindings could not keep.
 * @example splitCore('var a=1;function b(){return a}export{a as x,b as default};', 'core.h.js') // { script: '(function(){"use strict";…', facade: '//# script ./core.h.classic.js\nexport default self.__h5core.default;' }
 */
export function splitCore(code: string, fileName: string): { script: string; facade: string } {
  const refuse = (why: string) => {
    throw new Error(`classic-core: ${fileName} ${why} (docs/upgrading.md, "Classic core")`);
  };
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  const exports: { local: string; exported: string }[] = [];
  const cuts: [number, number, string][] = [];
  for (const statement of ast.body) {
    if (statement.type === 'ImportDeclaration') refuse('imports another chunk: core must be the root of the graph');
    if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') refuse(`has an ${statement.type}`);
    if (statement.type !== 'ExportNamedDeclaration') continue;
    if (statement.declaration || statement.source) refuse('exports a declaration or from another module');
    for (const specifier of statement.specifiers) exports.push({ local: nameOf(specifier.local), exported: nameOf(specifier.exported) });
    cuts.push([statement.start, statement.end, '']);
  }
  if (!exports.length) refuse('exports nothing');
  if (code.includes(URL_NAME) || exports.some(({ exported: name }) => name === CORE_GLOBAL)) refuse(`already names ${URL_NAME} or ${CORE_GLOBAL}`);

  const scopes = analyze(ast as never, { ecmaVersion: 2022, sourceType: 'module' });
  const moduleScope = scopes.globalScope!.childScopes[0]!;
  const exported = new Set(exports.map(({ local }) => local));
  for (const variable of moduleScope.variables) {
    if (!exported.has(variable.name)) continue;
    const late = variable.references.find((reference) => reference.isWrite() && reference.from !== moduleScope);
    if (late) refuse(`assigns its export ${variable.name} in a function (at ${late.identifier.range![0]}): the chunks' copies would go stale`);
  }
  // A top-level await has no place in a function that is not async.
  walk(
    ast,
    (node) => {
      if (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await)) refuse('awaits at its top level');
    },
    (node) => /Function/.test(node.type),
  );
  // `import.meta.url` → the script's URL; any other use of import.meta has no classic equivalent.
  walk(
    ast,
    (node) => {
      if (node.type === 'MetaProperty' && node.meta.name === 'import') refuse('uses import.meta other than import.meta.url');
    },
    (node) => {
      const { object, property } = node.type === 'MemberExpression' ? node : {};
      if (object?.type === 'MetaProperty' && object.meta.name === 'import' && property?.type === 'Identifier' && property.name === 'url') {
        cuts.push([node.start, node.end, URL_NAME]);
        return true;
      }
      return false;
    },
  );
  cuts.sort((a, b) => b[0] - a[0]);
  let body = code;
  for (const [start, end, text] of cuts) body = body.slice(0, start) + text + body.slice(end);

  const table = exports.map(({ local, exported: name }) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}:${local}`).join(',');
  const script = `(function(){"use strict";var ${URL_NAME}=document.currentScript.src;${body}\nself.${CORE_GLOBAL}={${table}}})();`;
  // The chunks take core's exports from the script (globalImports), the islands' renderer too (islandRenderer).
  if (!exports.some(({ exported: name }) => name === 'default')) refuse("has no default export, the renderer Astro's island loader imports");
  const facade = `${SCRIPT_LINE}./${classicName(fileName)}\nexport default self.${CORE_GLOBAL}.default;`;
  return { script, facade };
}

/**
 * A chunk's imports of core (`import{a as b}from"./core.h.js"`) as reads of what core's script left
 * (`const{a:b}=self.__h5core;`), in place: core has run before any island loads (the island directive
 * waits for it), and its exports are never assigned again (splitCore). Throws where a chunk names core
 * otherwise (a re-export, a dynamic import), or imports it below its first statement of another kind.
 * @example globalImports('import{a as b,c}from"./core.h.js";b(c);', 'core.h.js', 'x.js') // 'const{a:b,c}=self.__h5core;b(c);'
 */
export function globalImports(code: string, coreFile: string, fileName: string): string {
  const source = `./${coreFile}`;
  if (!code.includes(source)) return code;
  const refuse = (why: string): never => {
    throw new Error(`classic-core: ${fileName} ${why} (docs/upgrading.md, "Classic core")`);
  };
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const cuts: [number, number, string][] = [];
  let body = false;
  for (const statement of ast.body) {
    if (statement.type !== 'ImportDeclaration') {
      if ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') && statement.source?.value === source)
        refuse('re-exports core');
      body = true;
      continue;
    }
    if (statement.source.value !== source) continue;
    if (body) refuse('imports core below other statements, where its bindings would not be hoisted');
    const names = statement.specifiers.map((specifier) => {
      if (specifier.type === 'ImportNamespaceSpecifier') return refuse('imports core as a namespace');
      const imported = specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported);
      return imported === specifier.local.name ? imported : `${imported}:${specifier.local.name}`;
    });
    cuts.push([statement.start, statement.end, names.length ? `const{${names.join(',')}}=self.${CORE_GLOBAL};` : '']);
  }
  let out = code;
  for (const [start, end, text] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  if (out.includes(source)) refuse(`names ${source} other than by a static import`);
  return out;
}

/** What an island's chunk exports its component as, where its `default` is the renderer (islandRenderer). */
export const ISLAND_EXPORT = 'island';

/**
 * An island's chunk made its own renderer: the component exported as ISLAND_EXPORT and, as its
 * `default`, the renderer Astro's island loader imports from `renderer-url` (`renderer`: the statement
 * that exports it). The island tags then name the island's chunk for both (islandTags), and core's
 * module is no request of its own, on every page with islands: with the first screen's 6 to 12 other
 * requests on HTTP/1.1's six connections, one more is a round trip for the last (issue 39).
 * @example islandRenderer('function P(){}export{P as default};', 'P.h.js', 'export default self.__h5core.default;') // 'function P(){}export{P as island};\nexport default self.__h5core.default;'
 */
export function islandRenderer(code: string, fileName: string, renderer: string): string {
  const refuse = (why: string): never => {
    throw new Error(`classic-core: the island chunk ${fileName} ${why} (docs/upgrading.md, "Classic core")`);
  };
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const named = ast.body.flatMap((statement) => {
    if (statement.type === 'ExportDefaultDeclaration') refuse('has an ExportDefaultDeclaration');
    return statement.type === 'ExportNamedDeclaration' && !statement.source ? statement.specifiers : [];
  });
  if (named.some((specifier) => nameOf(specifier.exported) === ISLAND_EXPORT)) refuse(`already exports ${ISLAND_EXPORT}`);
  const component = named.filter((specifier) => nameOf(specifier.exported) === 'default');
  if (component.length !== 1) refuse('exports no component as its default');
  const { start, end } = component[0]!.exported;
  return `${code.slice(0, start)}${ISLAND_EXPORT}${code.slice(end)}\n${renderer}`;
}

/**
 * Throws where a chunk could take an island's `default`, which islandRenderer makes the renderer: a
 * default or namespace import of the island's chunk, a re-export from it, or any other mention (an
 * `import()`, whose module the chunk may read `default` of). Named imports, which Rolldown writes for
 * what an island's chunk shares (build/island-exports.ts), are the island's own and stay as they are.
 * @example checkIslandImports('import{t as a}from"./P.h.js";', 'x.js', new Set(['P.h.js'])) // passes
 */
export function checkIslandImports(code: string, fileName: string, islands: Set<string>): void {
  const named = [...islands].filter((island) => code.includes(`./${island}`));
  if (!named.length) return;
  const refuse = (island: string, why: string): never => {
    throw new Error(`classic-core: ${fileName} ${why} the island chunk ${island}, whose default is the renderer (docs/upgrading.md, "Classic core")`);
  };
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  let rest = code;
  for (const statement of ast.body) {
    if (statement.type !== 'ImportDeclaration' && !(statement.type === 'ExportNamedDeclaration' && statement.source)) continue;
    const island = named.find((name) => statement.source!.value === `./${name}`);
    if (!island) continue;
    if (statement.type === 'ExportNamedDeclaration') refuse(island, 're-exports from');
    for (const specifier of (statement as acorn.ImportDeclaration).specifiers) {
      if (specifier.type !== 'ImportSpecifier' || nameOf(specifier.imported) === 'default') refuse(island, 'takes the default or namespace of');
    }
    rest = rest.replace(code.slice(statement.start, statement.end), '');
  }
  for (const island of named) if (rest.includes(`./${island}`)) refuse(island, 'names, other than by a named import,');
}

/**
 * A page's island tags pointed at their own chunks for the renderer (islandRenderer), where they named
 * core's module; the page as it was without islands. Throws on an island whose renderer is another module.
 * @example islandTags('<astro-island component-url="/_astro/P.h.js" component-export="default" renderer-url="/_astro/core.c.js">', 'core.c.js') // '<astro-island component-url="/_astro/P.h.js" component-export="island" renderer-url="/_astro/P.h.js">'
 */
export function islandTags(html: string, coreFile: string): string {
  return html.replace(/<astro-island\b[^>]*>/g, (tag) => {
    const url = /\bcomponent-url="([^"]+)"/.exec(tag)?.[1];
    const renderer = / renderer-url="([^"]*)"/.exec(tag)?.[1];
    // A script before hydration would also need its legacy URL, which the island directive no longer writes.
    if (!url || renderer !== `/_astro/${coreFile}` || !tag.includes(' component-export="default"') || tag.includes(' before-hydration-url=')) {
      throw new Error(
        `classic-core: an island tag without core's module as its renderer, with another export or a script before hydration: ${tag.slice(0, 200)} (docs/upgrading.md, "Classic core")`,
      );
    }
    return tag.replace(' component-export="default"', ` component-export="${ISLAND_EXPORT}"`).replace(/ renderer-url="[^"]*"/, ` renderer-url="${url}"`);
  });
}

/** Visits every node; `skip` may take a node (and what is under it) out of `visit`. */
function walk(node: acorn.AnyNode, visit: (node: acorn.AnyNode) => void, skip: (node: acorn.AnyNode) => boolean) {
  if (skip(node)) return;
  visit(node);
  const isNode = (value: unknown): value is acorn.AnyNode => typeof (value as acorn.AnyNode | null)?.type === 'string';
  for (const value of Object.values(node) as unknown[]) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) walk(child, visit, skip);
  }
}

/**
 * The integration, after the build: after the legacy copies (which keep core a module), before the
 * assets are compressed.
 * @example integrations: [legacyChunks(), classicCore(), …]
 */
export function classicCore() {
  return {
    name: 'classic-core',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const assets = join(fileURLToPath(dir), '_astro');
        const cores = readdirSync(assets).filter((name) => /^core\.[\w-]+\.js$/.test(name));
        if (cores.length !== 1) throw new Error(`classic-core: ${cores.length} core chunks in ${assets}, where the chunk plan makes one`);
        const name = cores[0]!;
        const { script, facade } = splitCore(readFileSync(join(assets, name), 'utf8'), name);
        writeFileSync(join(assets, classicName(name)), script);
        writeFileSync(join(assets, name), facade);
        let chunks = 0;
        for (const file of readdirSync(assets)) {
          if (!file.endsWith('.js') || file === name || file === classicName(name)) continue;
          const code = readFileSync(join(assets, file), 'utf8');
          const out = globalImports(code, name, file);
          if (out === code) continue;
          writeFileSync(join(assets, file), out);
          chunks++;
        }
        if (!chunks) throw new Error(`classic-core: no chunk imports ${name}, where every island does (docs/upgrading.md, "Classic core")`);
        // Each island's chunk its own renderer, in both builds (the tags follow in islandTagsLast): the
        // modern one from core's script, the legacy one from core's legacy module, which it imports anyway.
        const islands = new Set(
          htmlFilesIn(fileURLToPath(dir)).flatMap((file) =>
            [...readFileSync(file, 'utf8').matchAll(/\bcomponent-url="\/_astro\/([\w.-]+\.js)"/g)].map((m) => m[1]!),
          ),
        );
        for (const file of readdirSync(assets)) if (file.endsWith('.js')) checkIslandImports(readFileSync(join(assets, file), 'utf8'), file, islands);
        for (const island of islands) {
          for (const [path, renderer] of [
            [join(assets, island), `export default self.${CORE_GLOBAL}.default;`],
            [join(assets, LEGACY_DIR, island), `export{default}from"./${name}";`],
          ] as const) {
            writeFileSync(path, islandRenderer(readFileSync(path, 'utf8'), island, renderer));
          }
        }
        logger.info(
          `${name}: core as a classic script (${script.length} B), ${chunks} chunks reading its exports from it, ${islands.size} islands their own renderer`,
        );
      },
    },
  } satisfies AstroIntegration;
}

/**
 * The integration that points the island tags at their own chunks for the renderer (islandTags): after
 * the first screen's list is written (build/preload-chunks.ts), which names core's module from the tags
 * as they were, and before the pages are compressed.
 * @example integrations: [classicCore(), …, preloadChunks(), islandTagsLast(), precompressPagesLast()]
 */
export function islandTagsLast() {
  return {
    name: 'island-tags',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const [core] = readdirSync(join(root, '_astro')).filter((name) => /^core\.[\w-]+\.js$/.test(name));
        let pages = 0;
        for (const file of htmlFilesIn(root)) {
          const html = readFileSync(file, 'utf8');
          if (!html.includes('<astro-island')) continue;
          writeFileSync(file, islandTags(html, core!));
          pages++;
        }
        logger.info(`${pages} pages' islands load their renderer with their own chunk, not ${core}`);
      },
    },
  } satisfies AstroIntegration;
}
