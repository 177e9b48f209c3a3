// Astro config: static output, every route as a file (`license.astro` → `license.html`), Preact in
// React-compat mode, and the inline shell script bundled here so its CSP hash is known at build time.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import { satteri } from '@astrojs/markdown-satteri';
import { inlineScript } from './scripts/inline-script.mjs';
import { DEVELOPMENT_IMAGE_HOSTS, cspSources } from './scripts/lib/csp-sources.mjs';
import { CSS_TARGETS, JS_TARGET, MODERN_TARGET } from './scripts/lib/engines.mjs';
import legacyChunks from './scripts/legacy-chunks.mjs';
import lowerInlineScripts from './scripts/lower-inline.mjs';
import precompress from './scripts/precompress.mjs';

// Before first paint (first in <body>), and event wiring (last in <body>).
const shell = inlineScript('src/layouts/shell-script.ts');
const events = inlineScript('src/layouts/shell-events.ts');
// Only engines without module scripts run it (below the floor): it shows the update notice.
const oldEngine = inlineScript('src/layouts/old-engine.ts');

// Development key pair by default; a release is `npm run build:release`, which refuses to run
// unless PUBLIC_RSA_KEY is set to the production backend's public key (docs/deploy.md).
process.env.PUBLIC_RSA_KEY ??= readFileSync('server/dev-keys/public.pem', 'utf8');
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
 * The chunks are built for modern engines (MODERN_TARGET, scripts/lib/engines.mjs) and copied lowered
 * to the floor after the build (scripts/legacy-chunks.mjs); CSS, inlined in the page, for the floor.
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
      id === '\0virtual:shell' ? `export const shell = ${JSON.stringify(shell.code)}; export const events = ${JSON.stringify(events.code)}; export const oldEngine = ${JSON.stringify(oldEngine.code)};` : undefined,
  };
}

// Area code under src/lib and src/islands; an area's lazy modules (crypto, the pay flow) stay lazy.
const AREAS = new Set(['vip']);
// Areas whose pages share little (a report form, an appeal form): each page takes only what it
// imports, split by Rolldown, rather than one area chunk carrying every page's helpers.
const SPLIT = new Set(['lists', 'coins', 'report', 'appeal', 'forms', 'help', 'feedback', 'music', 'submission', 'personal']);
// Also left out of `core`: helpers only some pages use (the phone-brand rules, needed outside the app
// and on the music pages; the app-version check, debounce and file sizes, for a page or two; paging,
// for the lists; asking to sign in again, on a refused session; Unicode categories for old engines, for a
// provider's failure text (and its cleaning, pay/reason); the purchase model, for the pages
// that sell, loaded once they run). Tracking: its loader goes with the page's script, the rest loads when the page is idle.
const LAZY = /^api\/(crypto|seal)\b|^pay\/(flow|host|attempt|purchase|reason)\b|^stores\/dialog-back\b|^\w+\/(checkout|pay-deps)\b|^track\/|^(platform|app-version|debounce|paging|file-size|reauth|char-class)\.ts$/;

// An area's modules that one page uses (a page's model): they go with that page's island, not into
// the area's chunk every page of the area loads.
const PAGE_ONLY = /^vip\/(center|history|renewal|redeem|purchase|links)\b|^api\/endpoints\/vip-(buy|orders|renewal|redeem)\b/;

/** The shared chunk a module belongs to, or null to leave it to Rolldown's automatic splitting. */
function sharedChunk(id) {
  if (/\/node_modules\/(preact|nanostores|@nanostores|valibot)\//.test(id)) return 'core';
  const [, dir, path] = /\/src\/(lib|islands)\/(.+)$/.exec(id) ?? [];
  // What the paged lists share (the list model, its scroll hook, reloading when shown again): one chunk.
  if (/^(model\/(paged|shown-again)|lists\/)/.test(path ?? '')) return 'lists';
  if (!path || LAZY.test(path) || PAGE_ONLY.test(path)) return null;
  const area = /^api\/endpoints\/(\w+)[\w-]*\.ts$/.exec(path)?.[1] ?? /^(\w+)\//.exec(path)?.[1];
  if (SPLIT.has(area)) return null;
  // Island helpers go with their area: .ts beside the islands (texts, hooks) and the components in
  // parts/ that several islands draw. The islands themselves stay apart.
  if (dir === 'islands') return /^\w+\/([\w-]+\.ts|parts\/.+)$/.test(path) ? (AREAS.has(area) ? area : 'core') : null;
  return AREAS.has(area) ? area : 'core';
}

export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  // After the build: Astro's own inline scripts (the island loader, the client directives) lowered to
  // the floor, their CSP hashes with them; the chunks copied lowered for old engines; then compressed.
  integrations: [
    preact({ compat: true }),
    paintedDirective(),
    lowerInlineScripts([shell.code, events.code, oldEngine.code]),
    legacyChunks(),
    precompress(),
  ],
  devToolbar: { enabled: false },
  // Legal texts name their anchors (`## 8. Your rights {#rights}`), so a link to a section works in
  // every language: a slug made from a translated heading would differ per locale.
  markdown: { processor: satteri({ features: { headingAttributes: true } }) },
  security: {
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { hashes: [shell.hash, events.hash, oldEngine.hash] },
      // frame-ancestors cannot be set here (a meta CSP ignores it): the server and the CDN send it.
      directives: ["default-src 'self'", `img-src ${sources.img.join(' ')}`, `connect-src ${sources.connect.join(' ')}`, "object-src 'none'", "base-uri 'none'", "form-action 'self'"],
    },
  },
  vite: {
    plugins: [shellModule(), noPreloadHelper(), engineTargets()],
    // The floor (package.json's browserslist, scripts/lib/engines.mjs): CSS through Lightning CSS
    // (nesting, `inset`, colour functions lowered); JS: engineTargets() and legacyChunks().
    css: { transformer: 'lightningcss', lightningcss: { targets: CSS_TARGETS } },
    build: {
      cssMinify: 'lightningcss',
      rolldownOptions: {
        output: {
          // Islands share two kinds of chunk: `core` (Preact, stores, bridge, API client), loaded by every
          // interactive page, and one per area (its endpoints, texts and helpers). A dozen tiny shared
          // chunks would cost more in requests and headers than they save in cache hits.
          // Core first: a name function alone let Rolldown file core modules under an area's chunk.
          codeSplitting: {
            groups: [
              { name: 'core', test: (id) => sharedChunk(id) === 'core', priority: 2 },
              { name: (id) => (sharedChunk(id) === 'core' ? null : sharedChunk(id)), priority: 1 },
            ],
          },
        },
      },
    },
  },
});
