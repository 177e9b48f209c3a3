// `npm run test:cycles`: fails on any circular import among the project's own modules (src/, server/,
// scripts/lib), type-only imports included: a cycle of types still ties two modules into
// one unit that neither can be read, moved or tested without; the shared types belong in a module
// both sides import. It also fails on an import across a layer (LAYERS below), among them the floor:
// src/shared, what the pages and the reference server both run, imports nothing else of the project,
// and the server imports nothing else of src/.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The folders to check; a test passes its own. Layers are read from the project's root: the working
// directory, or the folder a test passes, which holds its own src/ and server/.
const ROOTS = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'server'];
const PROJECT = process.argv.length > 2 ? resolve(process.argv[2]) : process.cwd();
const isSource = (name) => /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|spec|property\.test)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
    return isSource(entry.name) ? [path] : [];
  });
}

const files = ROOTS.flatMap(walk);
const known = new Set(files.map((file) => resolve(file)));
/** The module a relative specifier names, as TypeScript and the bundler resolve it; null for a package. */
function resolveSpecifier(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}
/** A module's source without its comments: an `import('./x')` in an @example is not an import. */
const code = (file) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
// `from '…'` (imports, type imports, re-exports), a bare `import '…'`, and `import('…')`.
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

// Imports that go the wrong way, by the importing file (from the project's root) and the imported path:
// as written (`to`), as resolved to a module (`resolved`), or where it lands from the root (`lands`).
const LAYERS = [
  {
    from: /(^|\/)src\/islands\//,
    to: /(lib|shared)\/(api|bridge|request)(\/|['"]|$)|lib\/api-identity/,
    why: 'islands render area models; only models call the API and the bridge (docs/models.md)',
  },
  // Packages, and modules of src/shared: what the server runs of src/ is what src/shared holds.
  { from: /^src\/shared\//, lands: /^(?!src\/shared\/)/, why: 'src/shared is the floor the pages and the server stand on: it imports only src/shared' },
  { from: /^server\//, lands: /^src\/(?!shared\/)/, why: 'the server imports only src/shared of src/ (the code the pages run too)' },
  { from: /(^|\/)server\/db\//, to: /(^|\/)server\/api\/|^\.\.\/api\//, why: 'the data layer sits below the API' },
  { from: /(^|\/)src\/lib\//, to: /(^|\/)src\/islands\/|\.tsx$|\.astro$/, why: 'src/lib holds no UI code' },
  // Resolved, since `../i18n` from src/lib/help is src/lib/i18n.ts but from src/lib is src/i18n.
  {
    from: /(^|\/)src\/lib\//,
    resolved: /\/src\/i18n\/[^/]+\.ts$/,
    why: 'src/i18n reads the message files for the build and sits above src/lib (the keys are src/shared/message-key.ts)',
  },
];
/** A path from the project's root, with `/` on any system: `src/shared/locale.ts`. */
const fromRoot = (path) => relative(PROJECT, resolve(path)).split(sep).join('/');
/** Where a relative specifier lands, from the project's root; null for a package. */
const landing = (from, spec) => (spec.startsWith('.') ? fromRoot(resolve(dirname(from), spec)) : null);
/** Whether importing `spec` from `file` breaks `rule`. */
function crosses(rule, file, spec) {
  if (rule.to) return rule.to.test(spec);
  if (rule.resolved) return rule.resolved.test(resolveSpecifier(file, spec) ?? '');
  const path = landing(file, spec);
  return path !== null && rule.lands.test(path);
}
const crossings = [];
for (const file of ROOTS.flatMap(walk)) {
  const rules = LAYERS.filter((rule) => rule.from.test(fromRoot(file)));
  if (!rules.length) continue;
  // `from '…'`, a bare `import '…'`, and `import('…')`.
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
    for (const rule of rules) if (spec && crosses(rule, file, spec)) crossings.push(`${file} imports ${spec}: ${rule.why}`);
  }
}

const graph = new Map(
  files.map((file) => [resolve(file), [...new Set([...code(file).matchAll(SPECIFIERS)].map(([, spec]) => resolveSpecifier(file, spec)).filter(Boolean))]]),
);
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
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => relative(process.cwd(), file)).join(' → ')}`);
}
if (crossings.length) {
  console.error(`${crossings.length} import(s) across a layer:`);
  for (const crossing of crossings) console.error(`  ${crossing}`);
}
if (cycles.length || crossings.length) process.exit(1);
console.log(`No circular imports among ${graph.size} modules, and none across a layer.`);
