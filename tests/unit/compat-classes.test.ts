// scripts/compat-classes.mjs: preact/compat's classes no island imports leave the bundle, and the same
// classes, set up the same way, stay whole when something imports them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'acorn';
import { rolldown } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import compatClasses, { COMPAT_FILE, pureClasses } from '../../scripts/compat-classes.mjs';

const require = createRequire(import.meta.url);
// The file the browser build bundles (package.json's `browser` condition), and Node's twin for imports here.
const COMPAT = join(require.resolve('preact/package.json'), '..', 'compat/dist/compat.module.js');
const source = readFileSync(COMPAT, 'utf8');
const { code, pure } = pureClasses(source);

const exportsOf = (module: string) =>
  parse(module, { ecmaVersion: 'latest', sourceType: 'module' })
    .body.flatMap((node) => (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration' ? [node] : []))
    .flatMap((node) => ('specifiers' in node ? node.specifiers.map((s) => String('name' in s.exported ? s.exported.name : s.exported.value)) : ['*']))
    .sort();

const dir = mkdtempSync(join(tmpdir(), 'compat-classes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A module of compat's code importable from a temporary folder: its bare imports point at this install of Preact. */
async function load(module: string, name: string) {
  const file = join(dir, `${name}.mjs`);
  const resolved = module
    .replace(/from"(preact(?:\/hooks)?)"/g, (_, id: string) => `from"${pathToFileURL(require.resolve(id)).href}"`)
    .replace(/\/\/# sourceMappingURL=.*$/m, '');
  writeFileSync(file, resolved);
  return (await import(pathToFileURL(file).href)) as typeof import('preact/compat');
}

/** What a bundle of `entry` (importing from compat) keeps, with and without the plugin. */
async function bundle(entry: string, plugins: unknown[]) {
  const build = await rolldown({
    input: 'entry',
    plugins: [
      { name: 'entry', resolveId: (id: string) => (id === 'entry' ? id : undefined), load: (id: string) => (id === 'entry' ? entry : undefined) },
      ...plugins,
    ],
    resolve: { conditionNames: ['browser', 'import'] },
    logLevel: 'silent',
  } as Parameters<typeof rolldown>[0]);
  const { output } = await build.generate({ format: 'esm', minify: false });
  return output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('compat-classes', () => {
  it('makes Suspense, SuspenseList and PureComponent pure, and keeps every export of compat', () => {
    expect(COMPAT_FILE.test(COMPAT)).toBe(true);
    expect(pure).toEqual(['PureComponent', 'Suspense', 'SuspenseList']);
    expect(exportsOf(code)).toEqual(exportsOf(source));
  });

  it('gives the same classes, with the same prototypes, as compat itself', async () => {
    const [before, after] = [await load(source, 'before'), await load(code, 'after')];
    for (const name of ['Suspense', 'SuspenseList', 'PureComponent'] as const) {
      const proto = (module: typeof before) => module[name].prototype as object;
      expect(Object.getOwnPropertyNames(proto(after)).sort()).toEqual(Object.getOwnPropertyNames(proto(before)).sort());
      for (const key of Object.getOwnPropertyNames(proto(before)))
        expect(String((proto(after) as Record<string, unknown>)[key])).toBe(String((proto(before) as Record<string, unknown>)[key]));
      expect(proto(after)).toBeInstanceOf(after.Component);
    }
    expect((after.PureComponent.prototype as { isPureReactComponent?: boolean }).isPureReactComponent).toBe(true);
  });

  it('leaves the classes out of a bundle that imports only hooks, and in when imported', async () => {
    const hooksOnly = await bundle(`import { useState } from 'preact/compat'; console.log(useState);`, [compatClasses()]);
    expect(hooksOnly).not.toMatch(/isPureReactComponent|revealOrder/);
    // compat's prop and event spellings for React code stay: they are what the islands need.
    expect(hooksOnly).toContain('ondoubleclick');
    expect(await bundle(`import { useState } from 'preact/compat'; console.log(useState);`, [])).toMatch(/isPureReactComponent/);
    const all = await bundle(`import { PureComponent, Suspense, SuspenseList } from 'preact/compat'; console.log(PureComponent, Suspense, SuspenseList);`, [
      compatClasses(),
    ]);
    expect(all).toMatch(/isPureReactComponent/);
    expect(all).toMatch(/revealOrder/);
  });
});
