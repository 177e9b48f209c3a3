/**
 * Why: core runs as a classic script and its module hands the islands what the script defined
 * (build/classic-core.ts). A facade that lost an export, a copy that went stale, or a chunk's retried
 * import resolved against the wrong URL would break every island of every page, at once.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ISLAND_EXPORT, checkIslandImports, classicName, globalImports, islandRenderer, islandTags, splitCore } from '../../build/classic-core.ts';
import { entryUrls, staticGraph } from '../../scripts/lib/chunk-graph.mjs';
import { preloadList } from '../../build/preload-chunks.ts';

// As Rolldown writes core: top-level declarations, assigned at the top level, exported under short names.
const CORE =
  'var e,t=[];function n(r){t.push(r);return t.length}e={count:0};let s=(r)=>__importAgain(`./seal.x1.js`,import.meta.url);' +
  'class o{constructor(){this.n=n(this)}}const d=function(){return this===void 0};export{n as a,e as b,s as c,o as d,d as strict,t as default};';

/** Runs the script as a page would: a classic script with `self` and its own URL. */
function runScript(script: string) {
  const self: Record<string, any> = {};
  const imports: [string, string][] = [];
  runInNewContext(script, {
    self,
    document: { currentScript: { src: 'https://h5.example/_astro/core.h1.classic.js' } },
    __importAgain: (path: string, base: string) => imports.push([path, base]),
  });
  return { core: self.__h5core, imports };
}

describe('classic-core', () => {
  it('runs core as a script that leaves every export, by its exported name, on self.__h5core', () => {
    const { script } = splitCore(CORE, 'core.h1.js');
    const { core } = runScript(script);
    expect(Object.keys(core).sort()).toEqual(['a', 'b', 'c', 'd', 'default', 'strict']);
    expect(core.a('x')).toBe(1);
    expect(core.default).toEqual(['x']);
    expect(new core.d().n).toBe(2);
    expect(core.b).toEqual({ count: 0 });
    // Strict, as module code is: `this` in a plain call is undefined, not the global object.
    const plain = core.strict;
    expect(plain()).toBe(true);
  });

  it("resolves the chunks' retried imports against the script's own URL, as import.meta.url did for the module", () => {
    const { script } = splitCore(CORE, 'core.h1.js');
    expect(script).not.toContain('import.meta');
    const { core, imports } = runScript(script);
    core.c();
    expect(imports).toEqual([['./seal.x1.js', 'https://h5.example/_astro/core.h1.classic.js']]);
  });

  it("leaves in core's module file the renderer alone, from the script, which Astro's island loader imports by its default", async () => {
    const { facade } = splitCore(CORE, 'core.h1.js');
    Object.assign(globalThis, { self: { __h5core: { default: 'the renderer' } } });
    try {
      const module = await import(`data:text/javascript,${encodeURIComponent(facade)}`);
      expect({ ...module }).toEqual({ default: 'the renderer' });
    } finally {
      delete (globalThis as { self?: unknown }).self;
    }
  });

  it("has the chunks read core's exports from the script, under the names they imported them by", () => {
    const chunk = 'import{a as b,c}from"./core.h1.js";import{x}from"./area.h2.js";import"./core.h1.js";export const y=b(c)+x;';
    const out = globalImports(chunk, 'core.h1.js', 'Island.h3.js');
    expect(out).toBe('const{a:b,c}=self.__h5core;import{x}from"./area.h2.js";export const y=b(c)+x;');
    // Run as the page does, core's script first: the chunk's code sees core's values.
    const { core } = runScript(splitCore(CORE, 'core.h1.js').script);
    const runnable = out.replace('import{x}from"./area.h2.js";', 'const x=1;').replace('export ', '');
    expect(runInNewContext(`${runnable};y`, { self: { __h5core: core } })).toBe(2);
    expect(globalImports('import{x}from"./area.h2.js";', 'core.h1.js', 'a.js')).toBe('import{x}from"./area.h2.js";');
  });

  it('refuses a chunk that names core otherwise: a re-export, a namespace, a dynamic import, an import below other code', () => {
    expect(() => globalImports('export{a}from"./core.h1.js";', 'core.h1.js', 'a.js')).toThrow('re-exports core');
    expect(() => globalImports('import*as c from"./core.h1.js";', 'core.h1.js', 'a.js')).toThrow('as a namespace');
    expect(() => globalImports('const m=()=>import("./core.h1.js");', 'core.h1.js', 'a.js')).toThrow('other than by a static import');
    expect(() => globalImports('import"./x.js";f();import{a}from"./core.h1.js";', 'core.h1.js', 'a.js')).toThrow('below other statements');
  });

  it("refuses an export assigned inside a function: the chunks' copies would keep the first value", () => {
    const late = 'let n=0;function bump(){n++}export{n as a,bump as default};';
    expect(() => splitCore(late, 'core.h1.js')).toThrow('assigns its export n in a function');
    // A parameter of the same name, as minifiers write them, is another variable.
    expect(() => splitCore('let n=0;n=1;function f(n){n++;return n}export{n as a,f as default};', 'core.h1.js')).not.toThrow();
  });

  it('refuses what a classic script cannot do: import a chunk, read import.meta otherwise, await at the top', () => {
    expect(() => splitCore('import{x}from"./y.js";export{x as a};', 'core.h1.js')).toThrow('imports another chunk');
    expect(() => splitCore('const e=import.meta.env;export{e as a};', 'core.h1.js')).toThrow('import.meta other than');
    expect(() => splitCore('const e=await 1;export{e as a};', 'core.h1.js')).toThrow('awaits at its top level');
    expect(() => splitCore('export default 1;', 'core.h1.js')).toThrow('ExportDefaultDeclaration');
  });

  it("counts the script with core's module in what a page loads, but leaves it out of the modules the directive preloads", () => {
    const { script, facade } = splitCore(CORE, 'core.h1.js');
    const files: Record<string, string> = {
      '/_astro/Island.a1.js': globalImports('import{a}from"./core.h1.js";', 'core.h1.js', 'Island.a1.js'),
      '/_astro/core.h1.js': facade,
      [`/_astro/${classicName('core.h1.js')}`]: script,
    };
    const read = (url: string) => files[url] ?? '';
    expect([...staticGraph(['/_astro/Island.a1.js', '/_astro/core.h1.js'], read)]).toEqual([
      '/_astro/Island.a1.js',
      '/_astro/core.h1.js',
      '/_astro/core.h1.classic.js',
    ]);
    const html =
      '<!doctype html><html lang="en-US" data-reads="first-reads.r1"><body>' +
      '<astro-island component-url="/_astro/Island.a1.js" renderer-url="/_astro/core.h1.js" opts="{}"></astro-island>' +
      '<astro-island component-url="/_astro/Island.a1.js" renderer-url="/_astro/core.h1.js" opts="{&quot;value&quot;:&quot;late&quot;}"></astro-island></body></html>';
    const [first, always, later, gate] = /data-js="([^"]*)"/.exec(preloadList(html, read))![1]!.split('|');
    expect([first, always!.split(' ').sort(), later, gate]).toEqual(['', ['Island.a1', 'core.h1'], '', '']);
  });

  it("makes each island's chunk its own renderer: the component as `island`, and as its default core's renderer, from the script or the legacy module", async () => {
    const chunk = 'const{a:b}=self.__h5core;function P(){return b}export{P as default,b as s};';
    const modern = islandRenderer(chunk, 'P.h2.js', 'export default self.__h5core.default;');
    Object.assign(globalThis, { self: { __h5core: { a: 'core', default: 'the renderer' } } });
    try {
      const module = await import(`data:text/javascript,${encodeURIComponent(modern)}`);
      expect(Object.keys(module).sort()).toEqual(['default', ISLAND_EXPORT, 's']);
      expect(module.default).toBe('the renderer');
      expect(module[ISLAND_EXPORT]()).toBe('core');
    } finally {
      delete (globalThis as { self?: unknown }).self;
    }
    const legacy = islandRenderer(
      'import{a as b}from"./core.h1.js";function P(){return b}export{P as default};',
      'P.h2.js',
      'export{default}from"./core.h1.js";',
    );
    expect(legacy).toBe('import{a as b}from"./core.h1.js";function P(){return b}export{P as island};\nexport{default}from"./core.h1.js";');
  });

  it('refuses an island chunk it cannot give the renderer: a default declaration, no default, a name taken', () => {
    const renderer = 'export default self.__h5core.default;';
    expect(() => islandRenderer('export default function P(){}', 'P.h2.js', renderer)).toThrow('ExportDefaultDeclaration');
    expect(() => islandRenderer('function P(){}export{P as x};', 'P.h2.js', renderer)).toThrow('no component as its default');
    expect(() => islandRenderer('function P(){}export{P as default,P as island};', 'P.h2.js', renderer)).toThrow('already exports island');
  });

  it("refuses a chunk that could take an island's default, which is now the renderer; passes named imports, as Rolldown writes them", () => {
    const islands = new Set(['P.h2.js']);
    expect(() => checkIslandImports('import{t as a,n as b}from"./P.h2.js";import{x}from"./Q.h3.js";', 'part.js', islands)).not.toThrow();
    expect(() => checkIslandImports('const q=1;', 'part.js', islands)).not.toThrow();
    expect(() => checkIslandImports('import P from"./P.h2.js";', 'part.js', islands)).toThrow('takes the default or namespace of the island chunk P.h2.js');
    expect(() => checkIslandImports('import{default as P}from"./P.h2.js";', 'part.js', islands)).toThrow('takes the default or namespace');
    expect(() => checkIslandImports('import*as P from"./P.h2.js";', 'part.js', islands)).toThrow('takes the default or namespace');
    expect(() => checkIslandImports('export{t}from"./P.h2.js";', 'part.js', islands)).toThrow('re-exports from');
    expect(() => checkIslandImports('const l=()=>__importAgain(`./P.h2.js`,import.meta.url);', 'part.js', islands)).toThrow('other than by a named import');
  });

  it("points the island tags at their own chunks for the renderer, and the page's graph at core's script, not its module", () => {
    const html =
      '<!doctype html><html lang="en-US" data-js="|core.h1 Island.a1|"><body>' +
      '<astro-island uid="x" component-url="/_astro/Island.a1.js" component-export="default" renderer-url="/_astro/core.h1.js" props="{}"></astro-island></body></html>';
    const out = islandTags(html, 'core.h1.js');
    expect(out).toContain(
      '<astro-island uid="x" component-url="/_astro/Island.a1.js" component-export="island" renderer-url="/_astro/Island.a1.js" props="{}">',
    );
    expect(entryUrls(out)).toEqual(['/_astro/Island.a1.js', '/_astro/core.h1.classic.js']);
    expect(() => islandTags(html.replace('/_astro/core.h1.js', '/_astro/client.h9.js'), 'core.h1.js')).toThrow("without core's module as its renderer");
    expect(islandTags('<html><body>text</body></html>', 'core.h1.js')).toBe('<html><body>text</body></html>');
  });
});
