/**
 * Why: the island directive asks for what `<html data-js>` lists, at once (src/components/shell/painted.ts).
 * A chunk missing from the list costs the first screen a round trip on a slow link; a chunk listed
 * that it does not run (tracking, a part drawn later) takes link time from those it does.
 */
import { describe, expect, it } from 'vitest';
import { preloadList } from '../../build/preload-chunks.ts';

const files: Record<string, string> = {
  '/_astro/Island.a1.js': 'import{t}from"./core.b2.js";import"./area.c3.js";const later=()=>__importAgain(`./plans.d4.js`,import.meta.url);',
  '/_astro/core.b2.js': 'export const t=1;const seal=()=>__importAgain(`./seal.e5.js`,import.meta.url);const runtime="the largest chunk of the page, by far";',
  '/_astro/area.c3.js': 'export const a=1;',
  '/_astro/plans.d4.js': 'import{a}from"./area.c3.js";import"./ledger.f6.js";const more=()=>import("./deeper.g7.js");',
  '/_astro/ledger.f6.js': 'export const l=1;',
  '/_astro/deeper.g7.js': 'export const d=1;',
  '/_astro/seal.e5.js': 'export const s=1;',
  '/_astro/client.h8.js': 'export default 1;',
  '/_astro/Tracking.i9.js': 'import{t}from"./core.b2.js";import"./track.j0.js";',
  '/_astro/track.j0.js': 'export const x=1;',
};
const read = (url: string) => {
  if (!(url in files)) throw new Error(`no ${url} in the build`);
  return files[url]!;
};
const island = (chunk: string, value = 'true') =>
  `<astro-island component-url="/_astro/${chunk}.js" renderer-url="/_astro/client.h8.js" opts="{&quot;name&quot;:&quot;X&quot;,&quot;value&quot;:${value}}"></astro-island>`;
const page = (first?: string, reads = '') =>
  `<!doctype html><html lang="en-US" data-pad="none"${first ? ` data-first="${first}"` : ''}${reads}><body>${island('Island.a1')}${island('Tracking.i9', '&quot;late&quot;')}</body></html>`;
const listOf = (html: string) => /<html lang="en-US" data-pad="none"(?: data-reads="[^"]*")? data-js="([^"]*)">/.exec(html)?.[1];

describe('preload-chunks', () => {
  it('lists the seal, what the islands import statically (the largest first), then the declared parts with their static imports', () => {
    const [seal, always, signedIn] = listOf(preloadList(page('plans'), read))!.split('|');
    expect(seal).toBe('seal.e5');
    expect(always!.split(' ')).toEqual(['core.b2', 'Island.a1', 'area.c3', 'client.h8']);
    // What a part loads later (deeper) is not the first screen's.
    expect(signedIn!.split(' ')).toEqual(['plans.d4', 'ledger.f6']);
  });

  it('lists the declared parts in the order the page names them, each with what it imports: the first free connections go to what the first screen draws, not to the largest', () => {
    // The pay flow's chunk is the largest; the page names the plans first.
    const flow: Record<string, string> = {
      ...files,
      '/_astro/Island.a1.js': `${files['/_astro/Island.a1.js']}const pay=()=>__importAgain(\`./pay.k1.js\`,import.meta.url);`,
      '/_astro/pay.k1.js': `import"./bank.l2.js";const flow="${'the pay flow, larger than the plans '.repeat(4)}";`,
      '/_astro/bank.l2.js': `export const b="${'what the bank needs, larger still '.repeat(6)}";`,
    };
    const lazyOf = (first: string) =>
      listOf(preloadList(page(first), (url) => flow[url] ?? read(url)))!
        .split('|')[2]!
        .split(' ');
    expect(lazyOf('plans pay')).toEqual(['plans.d4', 'ledger.f6', 'pay.k1', 'bank.l2']);
    expect(lazyOf('pay plans')).toEqual(['pay.k1', 'bank.l2', 'plans.d4', 'ledger.f6']);
  });

  it("asks first for the larger of two chunks a declared name finds (the checkout part before the pay flow's checkout model)", () => {
    const twins: Record<string, string> = {
      ...files,
      '/_astro/Island.a1.js': `${files['/_astro/Island.a1.js']}const m=()=>__importAgain(\`./checkout.n4.js\`,import.meta.url);const p=()=>__importAgain(\`./checkout.m3.js\`,import.meta.url);`,
      '/_astro/checkout.n4.js': 'export const model=1;',
      '/_astro/checkout.m3.js': `import"./ledger.f6.js";export const part="${'the part the first screen draws '.repeat(3)}";`,
    };
    const lazy = listOf(preloadList(page('checkout'), (url) => twins[url] ?? read(url)))!
      .split('|')[2]!
      .split(' ');
    expect(lazy).toEqual(['checkout.m3', 'ledger.f6', 'checkout.n4']);
  });

  it('leaves out an island drawn after the paint (client:painted="late") and what only it imports', () => {
    const html = preloadList(page(), read);
    expect(listOf(html)).toBe('seal.e5|core.b2 Island.a1 area.c3 client.h8||');
    expect(html).not.toContain('data-first');
  });

  it("lists the sign-in gate's island last, apart, with what only it imports: a signed-in user does not see it", () => {
    const gated: Record<string, string> = {
      ...files,
      '/_astro/AppGate.o5.js': 'import{t}from"./core.b2.js";import"./area.c3.js";import"./prompt.p6.js";',
      '/_astro/prompt.p6.js': 'export const p=1;',
    };
    const gate = `<astro-island component-url="/_astro/AppGate.o5.js" renderer-url="/_astro/client.h8.js" opts="{&quot;name&quot;:&quot;AppGate&quot;,&quot;value&quot;:true}"></astro-island>`;
    const html = page('plans').replace('<body>', `<body>${gate}`);
    const [, always, signedIn, last] = listOf(preloadList(html, (url) => gated[url] ?? read(url)))!.split('|');
    expect(always!.split(' ')).toEqual(['core.b2', 'Island.a1', 'area.c3', 'client.h8']);
    expect(signedIn!.split(' ')).toEqual(['plans.d4', 'ledger.f6']);
    expect(last!.split(' ')).toEqual(['AppGate.o5', 'prompt.p6']);
  });

  it("leaves the seal's chunk out where the page has first reads: their script seals (build/first-reads-script.ts)", () => {
    const [first, always, signedIn] = listOf(preloadList(page('plans', ' data-reads="first-reads.k1"'), read))!.split('|');
    expect(first).toBe('');
    expect(always!.split(' ')).toEqual(['core.b2', 'Island.a1', 'area.c3', 'client.h8']);
    expect(signedIn!.split(' ')).toEqual(['plans.d4', 'ledger.f6']);
  });

  it("fails the build on a seal's chunk that would wait for core: it runs before core is in", () => {
    const importing = (file: string, code: string) => (url: string) => (url === file ? code : read(url));
    expect(() => preloadList(page(), importing('/_astro/seal.e5.js', 'import{t}from"./core.b2.js";export const s=1;'))).toThrow(
      '/_astro/seal.e5.js imports /_astro/core.b2.js',
    );
  });

  it('lists core once where it is also the renderer (build/chunk-plan.ts): one request for both', () => {
    const html = page().replaceAll('renderer-url="/_astro/client.h8.js"', 'renderer-url="/_astro/core.b2.js"');
    expect(listOf(preloadList(html, read))).toBe('seal.e5|core.b2 Island.a1 area.c3||');
  });

  it('fails the build on a declared part the page cannot load', () => {
    expect(() => preloadList(page('plan'), read)).toThrow('firstScreen names "plan", which is no chunk the page can load');
  });

  it('fails the build on islands it reads wrong: a tag without its chunk, or islands that load nothing beyond their tags', () => {
    expect(() => preloadList(page().replace(/component-url="[^"]*"/, 'component="x"'), read)).toThrow('an island tag without component-url');
    const flat = (url: string) => (url === '/_astro/Island.a1.js' || url === '/_astro/client.h8.js' ? 'export default 1;' : read(url));
    expect(() => preloadList(page(), flat)).toThrow('the islands load no chunk beyond');
  });

  it('leaves a page without islands as it was, its declaration gone', () => {
    expect(preloadList('<html lang="en-US" data-first="plans"><body><p>Text</p></body></html>', read)).toBe(
      '<html lang="en-US"><body><p>Text</p></body></html>',
    );
  });
});
