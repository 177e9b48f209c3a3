// Astro config: static output, every route as a file (`license.astro` → `license.html`), Preact
// islands, and the inline shell script bundled here so its CSP hash is known at build time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import { satteri } from '@astrojs/markdown-satteri';
import { inlineScript } from './build/inline-script.ts';
import { DEVELOPMENT_IMAGE_HOSTS, cspSources } from './build/csp-sources.ts';
import { CSS_TARGETS, JS_TARGET, MODERN_TARGET } from './build/engines.ts';
import kitBundle from './build/kit-bundle.ts';
import legacyChunks from './build/legacy-chunks.ts';
import lowerInlineScripts from './build/lower-inline.ts';
import precompress from './build/precompress.ts';
import preloadChunks from './build/preload-chunks.ts';
import pruneMessages from './build/prune-messages.ts';

// Before first paint (first in <body>), and event wiring (last in <body>).
const shell = inlineScript('src/layouts/shell-script.ts');
const events = inlineScript('src/layouts/shell-events.ts');
// Only engines without module scripts run it (below the floor): it shows the update notice.
const oldEngine = inlineScript('src/layouts/old-engine.ts');
// Pages with islands, after the shell script: the useful mark.
const usefulMark = inlineScript('src/layouts/useful-mark.ts');

// Development key pair by default; a release is `npm run build:release`, which refuses to run
// unless PUBLIC_RSA_KEY is set to the production backend's public key (docs/deploy.md).
process.env.PUBLIC_RSA_KEY ??= readFileSync('server/dev-keys/public.pem', 'utf8');
// Where /bridge-check sends its report: the development server's route, none in a release unless named
// (a path of this site; the kit ignores anything else).
process.env.PUBLIC_BRIDGE_REPORT_URL ??= process.env.H5_RELEASE ? '' : '/api/dev/bridge-report';
// The share of page views that send a field report (docs/field.md): every one in development, a tenth
// in a release unless PUBLIC_FIELD_SAMPLE says otherwise.
process.env.PUBLIC_FIELD_SAMPLE ??= process.env.H5_RELEASE ? '0.1' : '1';
// A release build (scripts/build-release.mjs sets H5_RELEASE) allows only the image hosts it names.
const sources = cspSources({ ...process.env, PUBLIC_IMAGE_HOSTS: process.env.PUBLIC_IMAGE_HOSTS ?? (process.env.H5_RELEASE ? '' : DEVELOPMENT_IMAGE_HOSTS) });

/**
 * No preloading around the browser's dynamic imports: the chunks loaded later (the seal, tracking,
 * the pay flow, a form) import little beyond core, which is loaded by then anyway, and their CSS is
 * in the page. Astro sets `modulePreload` for every build, so only a plugin can unset it for the
 * client; Vite then still wraps each import in its helper, replaced here by the one call it makes.
 */
function noPreloadHelper() {
  return {
    name: 'no-preload-helper',
    enforce: 'pre',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
    // With nothing to preload, Vite's helper (1.7 KB, for CSS and dependency preloads) only calls the
    // import: this is that call.
    load: (id) => (id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

/**
 * The chunks are built for modern engines (MODERN_TARGET, build/engines.ts) and copied lowered
 * to the floor after the build (build/legacy-chunks.ts); CSS, inlined in the page, for the floor.
 * Astro builds every environment for `esnext` whatever `vite.build` says, and CSS minified for
 * `esnext` folds what Lightning CSS lowered back into shorthands Chromium 64 lacks (`inset`), so each
 * environment gets its targets here.
 */
function engineTargets() {
  return {
    name: 'engine-targets',
    configEnvironment: (name) => ({ build: { cssTarget: JS_TARGET, ...(name === 'client' ? { target: MODERN_TARGET } : {}) } }),
  };
}

/**
 * An island's chunk may export more than its component, so that Rolldown can merge a common chunk into
 * the one island chunk that loads it anyway (its `mergeCommonChunks`) rather than emit a file of its
 * own: a store an island shares with its lazy part (the recharge page's state), a bridge call two
 * areas share (the player's state). Astro builds the client with `preserveEntrySignatures:
 * 'exports-only'`, which forbids that; only Astro's island loader imports an island's chunk, by its
 * `default`. Measured: k-recharge 20,461 → 20,340 B gzip of first-load JS, k-appeal −151 B, the music
 * pages −88 B, no page more.
 */
function islandExports() {
  return {
    name: 'island-exports',
    configEnvironment: (name) => (name === 'client' ? { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } } : undefined),
  };
}

/**
 * Each of our chunks' `import("./x.js")` becomes `__importAgain("./x.js", import.meta.url)`, which loads a
 * chunk that failed once under a fresh URL (src/lib/model/import-again.ts says why). Client chunks only.
 */
function retryingImports() {
  return {
    name: 'retrying-imports',
    applyToEnvironment: (environment) => environment.name === 'client',
    renderChunk(code) {
      const rewritten = code.replace(/\bimport\((["`'])(\.\/[^"`'\s]+)\1\)/g, '__importAgain($1$2$1,import.meta.url)');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/** `client:painted`: islands hydrate once the page has painted (src/components/shell/painted.ts). */
function paintedDirective() {
  return {
    name: 'client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'painted', entrypoint: fileURLToPath(new URL('./src/components/shell/painted.ts', import.meta.url)) }),
    },
  };
}

/** `import { shell, events } from 'virtual:shell'` in the layout gives the exact bytes that were hashed. */
function shellModule() {
  return {
    name: 'shell-script',
    resolveId: (id) => (id === 'virtual:shell' ? '\0virtual:shell' : undefined),
    load: (id) =>
      id === '\0virtual:shell'
        ? `export const shell = ${JSON.stringify(shell.code)}; export const events = ${JSON.stringify(events.code)}; export const oldEngine = ${JSON.stringify(oldEngine.code)}; export const usefulMark = ${JSON.stringify(usefulMark.code)};`
        : undefined,
  };
}

/**
 * The chunk plan, read from the module graph, not from a list of paths (docs/models.md, "Chunks"):
 * - `core`: what at least a fifth of the islands import before any interaction, statically (the
 *   runtime, the bridge, the API client, the stores they all read, the form parts most pages draw);
 * - an area's chunk: what two or more islands of one area (src/islands/<area>/) share and core lacks;
 * - the rest is Rolldown's: a module goes with the one island that imports it, or into a chunk of the
 *   islands that share it, and what is only imported dynamically stays lazy.
 * The fifth is measured: of the shares tried (a half, a third, a fourth, a fifth, a sixth, an eighth,
 * a tenth), it gives the lightest heaviest page (20,397 B gzip, measured again once the bridge's calls
 * were declared per area; a third or a fourth 20,454 B, a half 20,701 B in 12 files, a sixth 20,752 B,
 * a tenth 23,181 B) where many small chunks each cost their own gzip header and import lines, and a
 * large core costs every page what few use. A new model, page or area needs no line here.
 */
function chunkPlan() {
  const chunks = new Map();
  const areaOf = (island) => /\/src\/islands\/(\w+)\//.exec(island)?.[1];
  return {
    name: 'chunk-plan',
    // Each environment's build (the pages', then the islands') reads its own graph.
    buildEnd() {
      chunks.clear();
      const islands = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const users = new Map();
      for (const island of islands) {
        const seen = new Set();
        const stack = [island];
        while (stack.length) {
          const id = stack.pop();
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of seen) users.set(id, [...(users.get(id) ?? []), island]);
      }
      for (const [id, by] of users) {
        if (islands.includes(id)) continue;
        const areas = new Set(by.map(areaOf));
        if (by.length >= islands.length / 5) chunks.set(id, 'core');
        else if (by.length >= 2 && areas.size === 1 && !areas.has(undefined)) chunks.set(id, [...areas][0]);
      }
    },
    chunkOf: (id) => chunks.get(id) ?? null,
  };
}
const plan = chunkPlan();

export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  // After the build: Astro's own inline scripts (the island loader, the client directives) lowered to
  // the floor, their CSP hashes with them; the chunks copied lowered for old engines; then compressed;
  // then each page's embedded messages cut to what its code uses.
  integrations: [
    preact(),
    paintedDirective(),
    lowerInlineScripts([shell.code, events.code, oldEngine.code, usefulMark.code]),
    legacyChunks(),
    precompress(),
    kitBundle(),
    // Each page's embedded messages cut to the keys its code names (build/prune-messages.ts).
    pruneMessages(),
    // Each page names its first screen's chunks, which the island directive asks for at once (build/preload-chunks.ts).
    preloadChunks(),
  ],
  devToolbar: { enabled: false },
  // Legal texts name their anchors (`## 8. Your rights {#rights}`), so a link to a section works in
  // every language: a slug made from a translated heading would differ per locale.
  markdown: { processor: satteri({ features: { headingAttributes: true } }) },
  security: {
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { hashes: [shell.hash, events.hash, oldEngine.hash, usefulMark.hash] },
      // frame-ancestors cannot be set here (a meta CSP ignores it): the server and the CDN send it.
      directives: [
        "default-src 'self'",
        `img-src ${sources.img.join(' ')}`,
        `connect-src ${sources.connect.join(' ')}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [shellModule(), noPreloadHelper(), engineTargets(), islandExports(), retryingImports(), plan],
    // The floor (package.json's browserslist, build/engines.ts): CSS through Lightning CSS
    // (nesting, `inset`, colour functions lowered); JS: engineTargets() and legacyChunks().
    css: { transformer: 'lightningcss', lightningcss: { targets: CSS_TARGETS } },
    build: {
      cssMinify: 'lightningcss',
      rolldownOptions: {
        output: {
          // chunkPlan(): `core`, then one chunk per area. Core first: a name function alone let Rolldown
          // file core modules under an area's chunk.
          codeSplitting: {
            groups: [
              { name: 'core', test: (id) => plan.chunkOf(id) === 'core', priority: 2 },
              { name: (id) => (plan.chunkOf(id) === 'core' ? null : plan.chunkOf(id)), priority: 1 },
            ],
          },
        },
      },
    },
  },
});
