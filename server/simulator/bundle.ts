/**
 * The simulator's browser scripts, bundled with esbuild on first request and kept for the life of the
 * server (restart it after editing them). A build error becomes a script that reports it in the
 * console, so a broken edit shows up where the developer is looking instead of as a blank page.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * This folder. `npm start` runs the server from one esbuild bundle under node_modules/.cache, where
 * import.meta.url no longer points here; the server always runs from the project root, so fall back to it.
 */
export const SIMULATOR_DIR =
  [dirname(fileURLToPath(import.meta.url)), resolve('server/simulator')].find((dir) => existsSync(join(dir, 'host-entry.ts'))) ?? resolve('server/simulator');

const cache = new Map<string, string>();

/**
 * The browser bundle of one entry of this folder (`host-entry.ts`, `sim.ts`).
 * @example bundle('host-entry.ts') // '(() => { … })();'
 */
export function bundle(entry: string): string {
  let code = cache.get(entry);
  if (code === undefined) {
    try {
      code = buildSync({
        entryPoints: [join(SIMULATOR_DIR, entry)],
        bundle: true,
        format: 'iife',
        target: 'chrome90',
        write: false,
        logLevel: 'silent',
      }).outputFiles[0]!.text;
    } catch (error) {
      // Not cached: the next request retries once the file is fixed.
      return `console.error(${JSON.stringify(`[host simulator] could not bundle ${entry}:\n${String(error)}`)});`;
    }
    cache.set(entry, code);
  }
  return code;
}
