// One inline script (the shell's), compiled to ES5 and minified, with its CSP hash. Shared by the
// build (build/shell-module.ts), which inlines it, and the tests that run the exact bytes a page runs.
import { createHash } from 'node:crypto';
import { parse } from 'acorn';
import { buildSync, transformSync } from 'esbuild';
import ts from 'typescript';

/** A script as a page carries it inline, and the hash its CSP names it by. */
export interface InlineScript {
  code: string;
  hash: `sha256-${string}`;
}

/**
 * The inline scripts run first on every page, the text pages included, and the `nomodule` notice runs
 * exactly where nothing modern does: each must parse on any engine that runs JavaScript at all, so
 * each is ES5. esbuild bundles (it cannot emit ES5), TypeScript lowers the bundle to ES5 (arrows,
 * `let`, template literals, destructuring, spread), esbuild minifies the result, and acorn refuses
 * the build if anything newer is left (a regular expression's `u` or `s` flag, say, which no
 * compiler lowers).
 * @example const { code, hash } = inlineScript('src/layouts/shell-script.ts')
 */
export function inlineScript(entry: string): InlineScript {
  const bundle = buildSync({
    entryPoints: [entry],
    bundle: true,
    // Plain statements (the entries export nothing), wrapped below so TypeScript's helpers stay inside.
    format: 'esm',
    target: 'es2015',
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    write: false,
  }).outputFiles[0]!.text;
  const es5 = ts.transpileModule(bundle, {
    compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.None, removeComments: true, alwaysStrict: false, noImplicitUseStrict: true },
  }).outputText;
  const wrapped = `(function(){${es5}})();`;
  const code = transformSync(wrapped, {
    minify: true,
    target: 'es5',
    // The shell's own property names are short-lived: shortened in these bundles only (budget: 3 KB).
    mangleProps: /^(statusHeight|showBackBar|titleText|myFeedbackTitle|titleFromQuery|backBar|background)$/,
  }).code.trim();
  try {
    parse(code, { ecmaVersion: 5, sourceType: 'script' });
  } catch (error) {
    // acorn's SyntaxError says where: `pos`, the offset in the code.
    const { message, pos } = error as SyntaxError & { pos: number };
    throw new Error(`${entry} is not ES5 once compiled (${message}): ${code.slice(Math.max(0, pos - 60), pos + 60)}`);
  }
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}
