// One inline script (the shell's), minified for the WebViews we support, with its CSP hash. Shared by
// astro.config.mjs, which inlines it, and the tests that run the exact bytes a page runs.
import { createHash } from 'node:crypto';
import { buildSync } from 'esbuild';

/** @example const { code, hash } = inlineScript('src/layouts/shell-script.ts') */
export function inlineScript(entry) {
  const code = buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    // Android System WebView updates itself; 80 keeps `??` native.
    target: 'chrome80',
    // The shell's own property names are short-lived: shortened in these bundles only (budget: 2 KB each).
    mangleProps: /^(statusHeight|showBackBar|titleText|myFeedbackTitle|titleFromQuery|backBar|background)$/,
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    write: false,
  }).outputFiles[0].text.trim();
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}
