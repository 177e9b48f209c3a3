/**
 * Astro integration: the bridge check's model (src/lib/kit/kit.ts, which imports the whole bridge
 * contract) as one file of its own, /bridge-check-kit.js, bundled after the build for the floor
 * (JS_TARGET) and loaded by the kit's island with `import()`. Outside the islands' module graph on
 * purpose: there, every call module the kit shares with a user's page was split off that page's
 * chunk into a common one (/k-recharge: +353 B of first-load JS for a page no user opens).
 * Served with `no-cache`, as the pages are: its name has no hash.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildSync, transformSync } from 'esbuild';
import { JS_TARGET } from './engines.ts';

/**
 * Where the island imports it from (src/islands/kit/BridgeCheck.tsx), under dist/.
 * @example assetSize(`/${KIT_FILE}`) // the budget counts it on the bridge check's page
 */
export const KIT_FILE = 'bridge-check-kit.js';

/**
 * The integration, after the build.
 * @example integrations: [kitBundle()]
 */
export function kitBundle() {
  return {
    name: 'kit-bundle',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // Bundled for today's engines first, then lowered to the floor: bundled for the floor at once,
        // esbuild keeps every regex it cannot check there (valibot's emoji pattern, `\p{…}`, a
        // SyntaxError on Chromium 64) even when nothing uses it.
        const [bundle] = buildSync({
          entryPoints: ['src/lib/kit/kit.ts'],
          bundle: true,
          format: 'esm',
          target: 'esnext',
          write: false,
          logLevel: 'warning',
        }).outputFiles!;
        const { code } = transformSync(bundle!.text, {
          format: 'esm',
          target: JS_TARGET,
          minify: true,
          legalComments: 'none',
          // nanostores keeps its state on globalThis (Chromium 71); in a page that is `self`.
          define: { globalThis: 'self' },
        });
        writeFileSync(join(fileURLToPath(dir), KIT_FILE), code);
        logger.info(`/${KIT_FILE} bundled for ${JS_TARGET}`);
      },
    },
  } satisfies AstroIntegration;
}
