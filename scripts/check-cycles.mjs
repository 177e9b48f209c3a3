// `npm run test:cycles`: fails on any circular import among the project's own modules (src/, server/,
// scripts/lib). esbuild resolves every file as the build would and drops type-only imports, so what it
// reports is a cycle that runs: modules half-initialised when one reads the other at load time.
import { readdirSync } from 'node:fs';
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
  process.exit(1);
}
console.log(`No circular imports among ${graph.size} modules.`);
