// Astro config: static output, every route as a file (`license.astro` → `license.html`), Preact
// islands, and the build's own steps, one a file in build/ (docs/upgrading.md says what each relies on).
import { readFileSync } from 'node:fs';
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import { satteri } from '@astrojs/markdown-satteri';
import { chunkPlan } from './build/chunk-plan.ts';
import { classicCore, islandTagsLast } from './build/classic-core.ts';
import { DEVELOPMENT_IMAGE_HOSTS, cspSources } from './build/csp-sources.ts';
import { engineTargets } from './build/engine-targets.ts';
import { firstReadsScriptFile } from './build/first-reads-script.ts';
import { islandExports } from './build/island-exports.ts';
import { kitBundle } from './build/kit-bundle.ts';
import { legacyChunks } from './build/legacy-chunks.ts';
import { lowerInlineScripts } from './build/lower-inline.ts';
import { noPreloadHelper } from './build/no-preload-helper.ts';
import { paintedDirective } from './build/painted-directive.ts';
import { precompressAssets, precompressPagesLast } from './build/precompress.ts';
import { preloadChunks } from './build/preload-chunks.ts';
import { pruneMessages } from './build/prune-messages.ts';
import { retryingImports } from './build/retrying-imports.ts';
import { shellModule, shellScripts } from './build/shell-module.ts';

// Our inline scripts (the shell, the event wiring, the old-engine notice, the useful mark), compiled
// here so that their CSP hashes are known at build time.
const scripts = shellScripts();
const inline = Object.values(scripts);

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

export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  // After the build, in this order: Astro's own inline scripts (the island loader, the client
  // directives) lowered to the floor, their CSP hashes with them; the chunks copied lowered for old
  // engines; the first reads' classic script bundled; then compressed; the bridge check's kit bundled; each page's embedded messages cut to the
  // keys its code names; each page naming its first screen's chunks, which the island directive asks
  // for at once; last, the pages compressed.
  integrations: [
    preact(),
    paintedDirective(),
    lowerInlineScripts(inline.map((script) => script.code)),
    legacyChunks(),
    classicCore(),
    firstReadsScriptFile(),
    precompressAssets(),
    kitBundle(),
    pruneMessages(),
    preloadChunks(),
    islandTagsLast(),
    precompressPagesLast(),
  ],
  devToolbar: { enabled: false },
  // Legal texts name their anchors (`## 8. Your rights {#rights}`), so a link to a section works in
  // every language: a slug made from a translated heading would differ per locale.
  markdown: { processor: satteri({ features: { headingAttributes: true } }) },
  security: {
    csp: {
      algorithm: 'SHA-256',
      scriptDirective: { hashes: inline.map((script) => script.hash) },
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
    // The floor's targets for JS and CSS (engineTargets, build/engines.ts); the chunk plan; what the
    // client's chunks do about dynamic imports (no preloading, a retry) and their exports.
    plugins: [shellModule(scripts), noPreloadHelper(), engineTargets(), islandExports(), retryingImports(), chunkPlan()],
  },
});
