// `npm run test:lint`: ESLint over the TypeScript, .mjs and .astro files of the repo. Five jobs:
//   1. browser code (src/, tests excluded) uses no runtime API the support floor lacks: the floor is the
//      oldest Chrome of package.json's browserslist (issue 26), read here, never restated;
//   2. typescript-eslint's `recommended` rules (not the type-checked set: this must stay fast) everywhere,
//      the .astro files' frontmatter included (eslint-plugin-astro parses them);
//   3. the rules of hooks in src/islands (Preact's hooks have React's names, so React's plugin reads them);
//   4. imports first, once per module, then a blank line (eslint-plugin-import-x);
//   5. the layers (LAYERS below): which folder may import which, shown by an editor at the import line.
// Cycles are not linted: `npm run test:cycles` (scripts/check-cycles.mjs) proves there are none, faster.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import browserslist from 'browserslist';
import astro from 'eslint-plugin-astro';
import compat from 'eslint-plugin-compat';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The floor: the oldest Chrome that package.json's browserslist selects (64 when this was written). */
export const FLOOR = Math.min(
  ...browserslist(undefined, { path: import.meta.dirname })
    .filter((entry) => entry.startsWith('chrome '))
    .map((entry) => Number.parseFloat(entry.slice('chrome '.length))),
);

/**
 * Runtime APIs past the floor that eslint-plugin-compat does not report by itself. The plugin knows
 * globals and static members (`structuredClone`, `Object.hasOwn`, `AbortSignal`, `Object.fromEntries`,
 * `Promise.allSettled`, `Intl.Segmenter`, `crypto.randomUUID`, `navigator.clipboard`, …), but not the
 * type of a receiver, so `list.at(-1)` or `text.replaceAll(…)` pass it (only `[1].at(0)` and
 * `'a'.replaceAll(…)`, on literals, are caught); and its data predates some statics.
 *
 * `chromium` is the first Chrome for Android / Android WebView version with the API, from MDN
 * browser-compat-data (`bcd` is the key; the copy eslint-plugin-compat installs, and
 * tests/unit/lint-floor.test.ts checks every number against it). An entry at or below the floor is
 * dropped, so raising the browserslist floor needs no edit here.
 *
 * Kinds: `method` — a call `x.name(…)` on any receiver, or `X.prototype.name` (with no types, the name
 * alone decides: every name here is one nothing else in src uses); `object` + `property` — a static
 * member; `global` — a global; `selector` — an esquery selector, for what only its context tells
 * (`example` is code it catches; the unit test lints it).
 */
export const PAST_FLOOR = [
  { method: 'at', api: 'Array.prototype.at / String.prototype.at', bcd: 'javascript.builtins.Array.at', chromium: 92, instead: 'x[x.length - 1]' },
  { method: 'findLast', api: 'Array.prototype.findLast', bcd: 'javascript.builtins.Array.findLast', chromium: 97, instead: 'a loop from the end' },
  {
    method: 'findLastIndex',
    api: 'Array.prototype.findLastIndex',
    bcd: 'javascript.builtins.Array.findLastIndex',
    chromium: 97,
    instead: 'a loop from the end',
  },
  { method: 'flat', api: 'Array.prototype.flat', bcd: 'javascript.builtins.Array.flat', chromium: 69, instead: '[].concat(...lists) or a loop' },
  { method: 'flatMap', api: 'Array.prototype.flatMap', bcd: 'javascript.builtins.Array.flatMap', chromium: 69, instead: 'reduce, or map then concat' },
  { method: 'toSorted', api: 'Array.prototype.toSorted', bcd: 'javascript.builtins.Array.toSorted', chromium: 110, instead: '[...x].sort()' },
  { method: 'toReversed', api: 'Array.prototype.toReversed', bcd: 'javascript.builtins.Array.toReversed', chromium: 110, instead: '[...x].reverse()' },
  { method: 'toSpliced', api: 'Array.prototype.toSpliced', bcd: 'javascript.builtins.Array.toSpliced', chromium: 110, instead: 'slice and concat' },
  {
    method: 'replaceAll',
    api: 'String.prototype.replaceAll',
    bcd: 'javascript.builtins.String.replaceAll',
    chromium: 85,
    instead: 'replace with a /g regular expression',
  },
  { method: 'matchAll', api: 'String.prototype.matchAll', bcd: 'javascript.builtins.String.matchAll', chromium: 73, instead: 'a RegExp#exec loop' },
  { method: 'trimStart', api: 'String.prototype.trimStart', bcd: 'javascript.builtins.String.trimStart', chromium: 66, instead: "replace(/^\\s+/, '')" },
  { method: 'trimEnd', api: 'String.prototype.trimEnd', bcd: 'javascript.builtins.String.trimEnd', chromium: 66, instead: "replace(/\\s+$/, '')" },
  { method: 'isWellFormed', api: 'String.prototype.isWellFormed', bcd: 'javascript.builtins.String.isWellFormed', chromium: 111 },
  { method: 'toWellFormed', api: 'String.prototype.toWellFormed', bcd: 'javascript.builtins.String.toWellFormed', chromium: 111 },
  {
    method: 'replaceChildren',
    api: 'Element.prototype.replaceChildren',
    bcd: 'api.Element.replaceChildren',
    chromium: 86,
    instead: "textContent = '' then append",
  },
  {
    method: 'toggleAttribute',
    api: 'Element.prototype.toggleAttribute',
    bcd: 'api.Element.toggleAttribute',
    chromium: 69,
    instead: 'setAttribute / removeAttribute',
  },
  { method: 'checkVisibility', api: 'Element.prototype.checkVisibility', bcd: 'api.Element.checkVisibility', chromium: 105 },
  {
    method: 'requestSubmit',
    api: 'HTMLFormElement.prototype.requestSubmit',
    bcd: 'api.HTMLFormElement.requestSubmit',
    chromium: 76,
    instead: 'call the submit handler',
  },
  { method: 'throwIfAborted', api: 'AbortSignal.prototype.throwIfAborted', bcd: 'api.AbortSignal.throwIfAborted', chromium: 100 },
  { object: 'Object', property: 'groupBy', api: 'Object.groupBy', bcd: 'javascript.builtins.Object.groupBy', chromium: 117 },
  { object: 'Map', property: 'groupBy', api: 'Map.groupBy', bcd: 'javascript.builtins.Map.groupBy', chromium: 117 },
  { object: 'Promise', property: 'withResolvers', api: 'Promise.withResolvers', bcd: 'javascript.builtins.Promise.withResolvers', chromium: 119 },
  { object: 'Array', property: 'fromAsync', api: 'Array.fromAsync', bcd: 'javascript.builtins.Array.fromAsync', chromium: 121 },
  { object: 'Response', property: 'json', api: 'Response.json', bcd: 'api.Response.json_static', chromium: 105 },
  { object: 'document', property: 'startViewTransition', api: 'document.startViewTransition', bcd: 'api.Document.startViewTransition', chromium: 111 },
  {
    global: 'globalThis',
    api: 'globalThis',
    bcd: 'javascript.builtins.globalThis',
    chromium: 71,
    instead: "the global's own name (`typeof localStorage === 'undefined'`), or window",
  },
  {
    // Response has text(), arrayBuffer() and body from Chromium 42; a Blob or File only from 76. No types,
    // so the receiver's name decides: `blob.text()`, `file.arrayBuffer()`, `this.upload.file.stream()`.
    selector:
      'CallExpression > MemberExpression.callee[property.name=/^(text|arrayBuffer|stream)$/]:matches([object.name=/(blob|file)$/i], [object.property.name=/(blob|file)$/i])',
    api: 'Blob.prototype.text / arrayBuffer / stream',
    bcd: 'api.Blob.text',
    chromium: 76,
    instead: 'FileReader',
    example: 'upload.file.arrayBuffer()',
  },
  {
    selector: 'MemberExpression[property.name="reason"]:matches([object.name=/signal$/i], [object.property.name=/signal$/i])',
    api: 'AbortSignal.prototype.reason',
    bcd: 'api.AbortSignal.reason',
    chromium: 98,
    instead: 'an error of your own',
    example: 'controller.signal.reason',
  },
  {
    selector: 'MemberExpression[property.name="submitter"]',
    api: 'SubmitEvent.prototype.submitter',
    bcd: 'api.SubmitEvent.submitter',
    chromium: 81,
    example: 'event.submitter',
  },
  {
    // Older engines ignore the option without a word: the listener is never removed.
    selector: 'CallExpression[callee.property.name="addEventListener"] > ObjectExpression > Property[key.name="signal"]',
    api: "addEventListener's `signal` option",
    bcd: 'api.EventTarget.addEventListener.options_parameter.options_signal_parameter',
    chromium: 90,
    instead: 'removeEventListener',
    example: "window.addEventListener('resize', onResize, { signal })",
  },
];

const message = ({ api, chromium, instead }) =>
  `${api} needs Chromium ${chromium}; the floor is ${FLOOR} (package.json browserslist).${instead ? ` Use ${instead}.` : ''}`;

const pastFloor = PAST_FLOOR.filter((entry) => entry.chromium > FLOOR);

const restrictedSyntax = pastFloor.flatMap((entry) => {
  if (entry.selector) return [{ selector: entry.selector, message: message(entry) }];
  if (!entry.method) return [];
  const name = `[computed=false][property.name="${entry.method}"]`;
  return [{ selector: `CallExpression > MemberExpression.callee${name}, MemberExpression[object.property.name="prototype"]${name}`, message: message(entry) }];
});

// The layers. What `npm run test:cycles` refuses across a layer (scripts/check-cycles.mjs LAYERS), and
// what only a file's place can tell, as `no-restricted-imports` patterns on the specifier as written, so
// that an editor marks the line. The rule sees `import` and `export … from`, type-only ones included,
// but not `import('…')`: check-cycles reads those too, and it stays the gate for what it checks.
//
// Flat config keeps only the last setting of a rule for a file, so every setting below restates the
// patterns of each layer the file is in (`inSrc` first), and the file sets of the settings after
// `inSrc` do not overlap (server/db is the one nesting: it comes after server and repeats its patterns).

/** A pattern on the specifier as written, and why it is refused. */
const refuse = (regex, why) => ({ regex, message: why, caseSensitive: true });
/** `../` n times, as a regular expression: how far a relative specifier climbs. */
const up = (n) => `(\\.\\./){${n}}`;
/** The file globs of a folder's modules exactly `depth` folders below it: a relative specifier's target depends on it. */
const atDepth = (folder, depth) => [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];
// Deep enough for src/lib (src/lib/api/endpoints is 2 below) with room to grow; a deeper file fails the
// check below rather than pass unchecked.
const DEPTHS = [0, 1, 2, 3, 4];
const TESTS = ['**/*.test.{ts,tsx}', '**/*.spec.ts'];

/** Every island folder; the shared ones serve all areas, each other folder is one product area's. */
const ISLAND_FOLDERS = readdirSync(join(import.meta.dirname, 'src/islands'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_ISLANDS = ['ui', 'forms', 'lists'];
const AREAS = ISLAND_FOLDERS.filter((name) => !SHARED_ISLANDS.includes(name));

const inSrc = [
  refuse(
    '^(react|react-dom|preact/compat)(/|$)',
    'The islands are Preact without preact/compat, 1.2 KB of every page (docs/models.md): import from preact or preact/hooks.',
  ),
];
const inIslands = (folder) => [
  ...inSrc,
  refuse('(^|/)lib/(api|bridge|request|api-identity)(/|$)', 'Islands render area models; only models call the API and the bridge (docs/models.md).'),
  // `../vip/…` from an island folder, `../../vip/…` from its parts/: where another area's islands live.
  refuse(
    `^(\\.\\./)+(${AREAS.filter((area) => area !== folder).join('|')})(/|$)`,
    `An island imports its own area's islands and the shared ones (${SHARED_ISLANDS.join(', ')}), not another area's: what two areas share goes to a shared folder or src/lib.`,
  ),
];
const NO_UI = 'src/lib holds no UI code: models, verbs and stores the islands render (docs/models.md).';
const inLib = (depth) => [
  ...inSrc,
  refuse(`^preact(/|$)|\\.(tsx|astro)$|^${up(depth + 1)}(islands|components|layouts|pages)(/|$)`, NO_UI),
  // src/i18n/messages/*.json are data (MessageKey's source, src/lib/message-key.ts); the modules of
  // src/i18n read them for the build, and import src/lib.
  refuse(`^${up(depth + 1)}i18n(?!/messages/[\\w-]+\\.json$)(/|$)`, 'src/i18n sits above src/lib (issue 29): the message keys are src/lib/message-key.ts.'),
];
// Issue 43: src/shared is what the client and the server both run (the contracts, form rules, limits,
// locales, routes), and the only part of src/ the server may import.
const SHARED = 'src/shared is what the client and the server both run: it imports nothing outside itself (no src/lib, no server), and no UI.';
const inShared = (depth) => [...inSrc, refuse('^preact(/|$)', SHARED), refuse(`^${up(depth + 1)}`, SHARED)];
// Until issue 43 brings src/shared in, the server still imports src/lib and the message files, and only
// the UI is refused; from the day the folder exists, everything of src/ outside it.
const inServer = [
  refuse('^preact(/|$)', 'The server runs no UI code.'),
  existsSync(join(import.meta.dirname, 'src/shared'))
    ? refuse('^(\\.\\./)+src/(?!shared(/|$))', 'The server imports only src/shared of src/: what it runs with the client lives there.')
    : refuse('^(\\.\\./)+src/(islands|components|layouts|pages)(/|$)', 'The server runs no UI code.'),
];
const inServerData = [...inServer, refuse('^(\\.\\./)+api(/|$)', 'The data layer (server/db) sits below the API (server/api).')];

/** One setting of the layer rule: `files` (tests excepted: they may reach anything they check) and all its patterns. */
const layer = (files, patterns) => ({ files, ignores: TESTS, rules: { 'no-restricted-imports': ['error', { patterns }] } });

const LAYERS = [
  layer(['src/**/*.{ts,tsx,astro}'], inSrc),
  ...ISLAND_FOLDERS.map((folder) => layer([`src/islands/${folder}/**/*.{ts,tsx}`], inIslands(folder))),
  ...DEPTHS.map((depth) => layer(atDepth('src/lib', depth), inLib(depth))),
  ...DEPTHS.map((depth) => layer(atDepth('src/shared', depth), inShared(depth))),
  layer(['server/**/*.{ts,mjs}'], inServer),
  layer(['server/db/**/*.{ts,mjs}'], inServerData),
  {
    files: [`src/{lib,shared}/${'*/'.repeat(DEPTHS.length)}**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'Deeper than the layer rules reach: add to DEPTHS in eslint.config.js.' }] },
  },
];

export default [
  // Build output, caches, static files, and dot-files at the root (local scratch scripts, CI).
  { ignores: ['dist/', '.astro/', 'node_modules/', '.data/', 'test-results/', 'playwright-report/', '.lighthouseci/', 'public/', '.*'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' },
  },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: config.files ?? ['**/*.{ts,tsx,mts,mjs,js,astro}'] })),
  // After typescript-eslint's: its parser would otherwise take the .astro files too. The recommended set
  // only (no a11y set: the pages' markup is checked by axe in the e2e tests).
  ...astro.configs['flat/recommended'].map((config) => ({ ...config, files: config.files ?? ['**/*.astro'] })),
  {
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.astro'] } },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js,astro}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/newline-after-import': 'error',
      // `_name` marks a parameter a signature needs and the body does not (callbacks, test doubles).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `ok && run()` and `cond ? a() : b()` as statements are house style (the shell script, the islands).
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Tests read untyped JSON bodies and reach into the fake host's window globals with `any`.
    files: ['tests/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser code: what runs in the WebView.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    ...compat.configs['flat/recommended'],
    settings: {
      // The plugin skips any use inside an `if` as if it were feature-checked; it usually is not. A use
      // that is checked says so with `// eslint-disable-next-line compat/compat -- <the check>`.
      ignoreConditionalChecks: true,
      // Nothing is polyfilled (issue 26: prefer not using an API to shipping a polyfill).
      polyfills: [],
    },
    rules: {
      ...compat.configs['flat/recommended'].rules,
      'no-restricted-syntax': ['error', ...restrictedSyntax],
      'no-restricted-properties': [
        'error',
        ...pastFloor.filter((entry) => entry.object).map((entry) => ({ object: entry.object, property: entry.property, message: message(entry) })),
      ],
      'no-restricted-globals': ['error', ...pastFloor.filter((entry) => entry.global).map((entry) => ({ name: entry.global, message: message(entry) }))],
    },
  },
  {
    // The one shim: Astro's island loader needs Object.fromEntries (Chromium 73), and this directive,
    // which runs before it, installs it where it is missing. Everywhere else src does without it.
    files: ['src/components/shell/painted.ts'],
    settings: { ignoreConditionalChecks: true, polyfills: ['Object.fromEntries'] },
  },
  {
    // The islands' hooks are Preact's (preact/hooks), named as React's, so React's plugin reads them.
    // Only there: src/lib holds no UI code (LAYERS), and a parameter named `use` is no hook. Not the
    // plugin's recommended set: its React Compiler rules judge code by what that compiler can memoise,
    // and Preact has no compiler.
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Off: the islands run an effect when the sign-in state changes (`[session]`), or once (`[]`), and
      // read inside it what a page never changes (its locale, a `page` prop, a store's module) or what
      // is a new object each render with the same behaviour (useLater's `load`, a local `load()`). Of
      // the 20 effects it flagged when it came in (issue 43), none was a missed dependency; naming
      // those values would re-run an effect each render or need useCallback in every island.
      'react-hooks/exhaustive-deps': 'off',
    },
  },
  ...LAYERS,
];
