/**
 * A lazy chunk that failed to load (the network went while it was on its way) loads on the next try.
 * An engine keeps a failed module fetch in its module map for the page's life (the old WebViews do,
 * and Chromium 150), so the same `import()` would fail again until a reload. The build turns each of
 * our chunks' `import("./x.js")` into `__importAgain("./x.js", import.meta.url)`, which asks under a
 * fresh URL once a URL has failed (build/retrying-imports.ts). Its own imports resolve to the
 * usual URLs, so nothing loaded before loads twice; if one of those is what failed, the fresh URL
 * fails too, and the page says it did not finish loading (#chunk-error, src/layouts/Page.astro), whose
 * Reload keeps what the user entered. One copy on `window`, in core: every island page loads it first.
 */
import { noteField } from '../field/note';

/** A chunk's URL that failed once → '' until a fresh URL loaded it, then that URL, asked from then on. */
const again: Record<string, string> = {};

/** @example __importAgain('./purchase.x.js', import.meta.url) */
function importAgain(specifier: string, base: string): Promise<unknown> {
  const url = new URL(specifier, base).href;
  const retry = again[url];
  // Once a fresh URL has worked, every later import asks for it: one module instance, not one a call.
  const target = retry === undefined ? url : retry || `${url}?${Date.now()}`;
  return import(/* @vite-ignore */ target).then(
    (module) => {
      if (retry === '') {
        again[url] = target;
        // The field report counts the chunks that failed and whether asking again worked.
        noteField({ kind: 'chunk', chunk: url, recovered: true });
      }
      return module;
    },
    (error: unknown) => {
      noteField({ kind: 'chunk', chunk: url, recovered: false });
      again[url] = '';
      // Every page with islands has the notice (src/layouts/Page.astro).
      if (retry !== undefined && navigator.onLine) document.getElementById('chunk-error')!.hidden = false;
      throw error;
    },
  );
}

// Pages render on the server too, where no chunk is loaded.
if (typeof window !== 'undefined') (window as unknown as { __importAgain: typeof importAgain }).__importAgain = importAgain;
