/**
 * Vite plugin: `import { shell, events } from 'virtual:shell'` in the layout gives the exact bytes of
 * our inline scripts, compiled here once (build/inline-script.ts) so that the same bytes are hashed
 * into the CSP (astro.config.mjs) and left alone by build/lower-inline.ts. src/env.d.ts types the module.
 */
import type { Plugin } from 'vite';
import { inlineScript, type InlineScript } from './inline-script.ts';

/** Each inline script by the name the layout imports it as, and its source. */
const SOURCES = {
  // Before first paint (first in <body>), and event wiring (last in <body>).
  shell: 'src/layouts/shell-script.ts',
  events: 'src/layouts/shell-events.ts',
  // Only engines without module scripts run it (below the floor): it shows the update notice.
  oldEngine: 'src/layouts/old-engine.ts',
  // Pages whose first screen reads the server, after the shell script: the first reads' preload, the useful mark.
  readsScript: 'src/layouts/reads-script.ts',
};

/** Our inline scripts, compiled, by name. */
export type ShellScripts = Record<keyof typeof SOURCES, InlineScript>;

/**
 * Compiles every inline script of the layout (ES5, minified, hashed).
 * @example const scripts = shellScripts(); scripts.shell.hash // 'sha256-…'
 */
export function shellScripts(): ShellScripts {
  const entries = Object.entries(SOURCES).map(([name, source]) => [name, inlineScript(source)]);
  return Object.fromEntries(entries) as ShellScripts;
}

/**
 * The plugin serving `virtual:shell`.
 * @example vite: { plugins: [shellModule(shellScripts())] }
 */
export function shellModule(scripts: ShellScripts) {
  return {
    name: 'shell-script',
    resolveId: { filter: { id: /^virtual:shell$/ }, handler: () => '\0virtual:shell' },
    load: {
      filter: { id: /^\0virtual:shell$/ },
      handler: () =>
        Object.entries(scripts)
          .map(([name, { code }]) => `export const ${name} = ${JSON.stringify(code)};`)
          .join(' '),
    },
  } satisfies Plugin;
}
