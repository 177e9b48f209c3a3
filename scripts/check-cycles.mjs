// `npm run test:cycles`: fails on any circular import among the project's own modules (src/, server/,
// scripts/lib). esbuild resolves every file as the build would and drops type-only imports, so what it
// reports is a cycle that runs: modules half-initialised when one reads the other at load time.
// It also fails on an import across a layer (LAYERS below), type-only ones included.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// The folders to check; a test passes its own.
const ROOTS = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'server'];
const isSource = (name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec|property\.test)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
    return isSource(entry.name) ? [path] : [];
  });
}

const { metafile } = await build({
  entryPoints: ROOTS.flatMap(walk),
  bundle: true,
  write: false,
  metafile: true,
  outdir: 'out',
  platform: 'node',
  format: 'esm',
  packages: 'external',
  external: ['virtual:*', '*.astro'],
  loader: { '.css': 'empty', '.svg': 'empty', '.html': 'text' },
  logLevel: 'silent',
});

// Imports that go the wrong way, by the importing file and the imported path (as written or resolved).
const LAYERS = [
  { from: /(^|\/)src\/islands\//, to: /lib\/(api|bridge)(\/|['"]|$)|lib\/api-identity/, why: 'islands render area models; only models call the API and the bridge (docs/models.md)' },
  { from: /(^|\/)server\/db\//, to: /(^|\/)server\/api\/|^\.\.\/api\//, why: 'the data layer sits below the API' },
  { from: /(^|\/)src\/lib\//, to: /(^|\/)src\/islands\/|\.tsx$|\.astro$/, why: 'src/lib holds no UI code' },
];
const crossings = [];
for (const file of ROOTS.flatMap(walk)) {
  const rules = LAYERS.filter((rule) => rule.from.test(file));
  if (!rules.length) continue;
  // `from '…'`, a bare `import '…'`, and `import('…')`.
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
    for (const rule of rules) if (spec && rule.to.test(spec)) crossings.push(`${file} imports ${spec}: ${rule.why}`);
  }
}

const graph = new Map(Object.entries(metafile.inputs).map(([file, { imports }]) => [file, imports.filter((i) => !i.external && metafile.inputs[i.path]).map((i) => i.path)]));
const cycles = [];
const state = new Map(); // 1: on the current path, 2: done
function visit(file, path) {
  state.set(file, 1);
  path.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, path);
  }
  path.pop();
  state.set(file, 2);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file, []);

if (cycles.length) {
  console.error(`${cycles.length} circular import(s):`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' → ')}`);
}
if (crossings.length) {
  console.error(`${crossings.length} import(s) across a layer:`);
  for (const crossing of crossings) console.error(`  ${crossing}`);
}
if (cycles.length || crossings.length) process.exit(1);
console.log(`No circular imports among ${graph.size} modules, and none across a layer.`);
