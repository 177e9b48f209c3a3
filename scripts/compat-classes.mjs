/**
 * Vite plugin: preact/compat's classes that no island imports (Suspense, SuspenseList,
 * PureComponent) leave the bundle. compat's build sets their prototypes up with top-level statements
 * (`(Suspense.prototype = new Component()).render = …`), which a bundler must keep as side effects
 * even when nothing imports the class: about 0.8 KB gzip of every island page's core. Here each such
 * class and the statements that set its prototype up become one pure expression,
 * `var Suspense = /* @__PURE__ *\/ (function () { function Suspense() {…} …; return Suspense; })()`,
 * evaluated at the place of its last statement: the same class, set up the same way, whenever it is
 * imported, and dropped when it is not. compat's option hooks (the React spellings of props and events,
 * the textarea value, …) are not touched: they are what islands written with the React API need.
 *
 * Only a class whose module-level uses all come after its last prototype statement is moved (a use
 * inside a function runs later, and stays as it is); anything else is left alone, so a compat of
 * another shape is bundled as it is, only larger (tests/unit/compat-classes.test.ts names the classes
 * this version must give).
 */
import { parse } from 'acorn';

/** The files of preact/compat a build can resolve: the browser's, and Node's for the server render. */
export const COMPAT_FILE = /\/preact\/compat\/dist\/compat\.(?:module\.js|mjs)$/;

const isName = (node, name) => node?.type === 'Identifier' && (name === undefined || node.name === name);
/** `F.prototype` */
const isPrototypeOf = (node, name) => node?.type === 'MemberExpression' && !node.computed && isName(node.object, name) && isName(node.property, 'prototype');
/** `F.prototype = new C()`: the prototype replaced by a fresh instance of an imported class. */
const isPrototypeReset = (node, name) =>
  node?.type === 'AssignmentExpression' &&
  node.operator === '=' &&
  isPrototypeOf(node.left, name) &&
  node.right.type === 'NewExpression' &&
  isName(node.right.callee);
/** What may be stored on a prototype without running anything: a function, a literal, `!0`. */
const isInert = (node) =>
  node.type === 'FunctionExpression' || node.type === 'Literal' || (node.type === 'UnaryExpression' && node.argument.type === 'Literal');

/**
 * The class a top-level expression sets the prototype of, or undefined: `F.prototype = new C()`,
 * `F.prototype.x = inert`, `(F.prototype = new C()).x = inert`, and chains of those
 * (`F.prototype.a = F.prototype.b = function () {}`).
 */
function setsPrototypeOf(node) {
  if (node.type !== 'AssignmentExpression' || node.operator !== '=') return undefined;
  if (isPrototypeReset(node)) return node.left.object.name;
  const { left, right } = node;
  if (left.type !== 'MemberExpression' || left.computed) return undefined;
  const name = isPrototypeOf(left.object) ? left.object.object.name : isPrototypeReset(left.object) ? left.object.left.object.name : undefined;
  if (name === undefined) return undefined;
  if (isInert(right)) return name;
  return setsPrototypeOf(right) === name ? name : undefined;
}

/** Every identifier `name` in `node`, with whether it is read at module level (outside any function). */
function uses(node, name, out = [], inFunction = false) {
  if (!node || typeof node.type !== 'string') return out;
  if (node.type === 'Identifier' && node.name === name) out.push({ node, atModuleLevel: !inFunction });
  const nested = inFunction || /Function/.test(node.type);
  for (const [key, child] of Object.entries(node)) {
    // `x.F` and `{ F: … }` name a property, not the binding.
    if ((node.type === 'MemberExpression' && key === 'property' && !node.computed) || (node.type === 'Property' && key === 'key' && !node.computed)) continue;
    if (Array.isArray(child)) child.forEach((item) => uses(item, name, out, nested));
    else if (child && typeof child.type === 'string') uses(child, name, out, nested);
  }
  return out;
}

/**
 * compat's module with each class that can be made pure made so; `pure` names them as exported.
 * @example pureClasses(readFileSync('node_modules/preact/compat/dist/compat.module.js', 'utf8')).pure // ['PureComponent', 'Suspense', 'SuspenseList']
 */
export function pureClasses(code) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const declarations = new Map(ast.body.filter((node) => node.type === 'FunctionDeclaration').map((node) => [node.id.name, node]));
  // Per class: the top-level expressions that set its prototype up, in order.
  const setups = new Map();
  for (const statement of ast.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const parts = statement.expression.type === 'SequenceExpression' ? statement.expression.expressions : [statement.expression];
    for (const part of parts) {
      const name = setsPrototypeOf(part);
      if (name !== undefined && declarations.has(name)) setups.set(name, [...(setups.get(name) ?? []), { statement, part }]);
    }
  }
  const moved = new Map(); // name → where its pure definition goes (after this statement)
  for (const [name, list] of setups) {
    const declaration = declarations.get(name);
    const last = list[list.length - 1].statement;
    const inside = (node) =>
      (node.start >= declaration.start && node.end <= declaration.end) || list.some(({ part }) => node.start >= part.start && node.end <= part.end);
    const early = uses(ast, name).filter(({ node, atModuleLevel }) => atModuleLevel && !inside(node) && node.start < last.end);
    // Export specifiers are bindings, not reads: they are fine wherever they stand.
    const reads = early.filter(({ node }) => !ast.body.some((s) => s.type === 'ExportNamedDeclaration' && node.start >= s.start && node.end <= s.end));
    if (reads.length === 0) moved.set(name, last);
  }
  if (moved.size === 0) return { code, pure: [] };

  // Rewritten statement by statement: a statement loses the parts that moved, and is followed by the
  // definitions whose last part it held.
  const movedParts = new Set([...moved.keys()].flatMap((name) => setups.get(name).map(({ part }) => part)));
  const definition = (name) => {
    const body = [
      code.slice(declarations.get(name).start, declarations.get(name).end),
      ...setups.get(name).map(({ part }) => `${code.slice(part.start, part.end)};`),
    ];
    return `var ${name}=/* @__PURE__ */(function(){${body.join('')}return ${name}})();`;
  };
  let out = '';
  let at = 0;
  for (const statement of ast.body) {
    out += code.slice(at, statement.start);
    at = statement.end;
    if (statement.type === 'FunctionDeclaration' && moved.has(statement.id.name)) continue;
    if (statement.type === 'ExpressionStatement') {
      const parts = statement.expression.type === 'SequenceExpression' ? statement.expression.expressions : [statement.expression];
      const kept = parts.filter((part) => !movedParts.has(part));
      if (kept.length === parts.length) out += code.slice(statement.start, statement.end);
      else if (kept.length) out += `${kept.map((part) => code.slice(part.start, part.end)).join(',')};`;
    } else out += code.slice(statement.start, statement.end);
    for (const [name, last] of moved) if (last === statement) out += definition(name);
  }
  out += code.slice(at);

  const exported = new Map(
    ast.body
      .filter((node) => node.type === 'ExportNamedDeclaration')
      .flatMap((node) => node.specifiers)
      .map((specifier) => [specifier.local.name, specifier.exported.name]),
  );
  return { code: out, pure: [...moved.keys()].map((name) => exported.get(name) ?? name).sort() };
}

/** The plugin: applied to preact/compat only, in every environment (the page render gets the same module). */
export default function compatClasses() {
  return {
    name: 'compat-classes',
    transform(code, id) {
      if (!COMPAT_FILE.test(id.split('?')[0])) return undefined;
      const result = pureClasses(code);
      if (result.pure.length === 0) this.warn('no class of preact/compat could be made pure: it is bundled whole');
      return { code: result.code, map: null };
    },
  };
}
