/**
 * Vite plugin: each of our chunks' `import("./x.js")` becomes `__importAgain("./x.js", import.meta.url)`,
 * which loads a chunk that failed once under a fresh URL (src/lib/model/import-again.ts says why).
 * Client chunks only.
 *
 * A rewrite of Rolldown's output text, not of an API (docs/upgrading.md): a client chunk that still
 * holds an `import("./…")` once it ran, or a client build with no import rewritten, stops here.
 */
import type { Plugin } from 'vite';

// A dynamic import of a sibling chunk, as Rolldown writes it before minifying.
const SIBLING_IMPORT = /\bimport\((["`'])(\.\/[^"`'\s]+)\1\)/g;
// What must not be left: any dynamic import of a relative path, however quoted or spaced.
const LEFT = /\bimport\(\s*["'`]\.\.?\//;

/**
 * A chunk's code with its imports of sibling chunks made retrying.
 * @example retrying('const m = () => import("./seal.x.js");') // 'const m = () => __importAgain("./seal.x.js",import.meta.url);'
 */
export function retrying(code: string): string {
  return code.replace(SIBLING_IMPORT, '__importAgain($1$2$1,import.meta.url)');
}

/**
 * The plugin.
 * @example vite: { plugins: [retryingImports()] }
 */
export function retryingImports() {
  let rewritten = 0;
  return {
    name: 'retrying-imports',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      rewritten = 0;
    },
    renderChunk: {
      filter: { code: 'import(' },
      handler(code, chunk) {
        const out = retrying(code);
        const left = LEFT.exec(out);
        if (left) throw new Error(`retrying-imports: the ${chunk.name} chunk still has \`${left[0]}…\`, not retried (docs/upgrading.md, "Retrying imports")`);
        if (out === code) return null;
        rewritten++;
        return { code: out, map: null };
      },
    },
    generateBundle() {
      if (!rewritten) throw new Error('retrying-imports: no dynamic import rewritten in the whole client build (docs/upgrading.md, "Retrying imports")');
    },
  } satisfies Plugin;
}
