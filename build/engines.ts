// The engines we support: package.json's browserslist, read here once for every tool that lowers
// or checks code (the build's JS target, Lightning CSS, the inline scripts; ESLint's compat plugin
// reads the same list itself). Android System WebView is Chromium, so the floor is a Chromium version.
import browserslist from 'browserslist';
import { browserslistToTargets } from 'lightningcss';

/**
 * The declared list, resolved.
 * @example BROWSERS // ['chrome 157', …, 'chrome 64', 'android 157']
 */
export const BROWSERS = browserslist(undefined, { path: process.cwd() });
if (!BROWSERS.some((b) => b.startsWith('chrome '))) throw new Error(`no Chromium in the browserslist read from ${process.cwd()}`);

const chromes = BROWSERS.filter((b) => b.startsWith('chrome ')).map((b) => Number(b.split(' ')[1]));
/**
 * The oldest Chromium we support.
 * @example FLOOR // 64
 */
export const FLOOR = Math.min(...chromes);

/**
 * esbuild's target for what every supported engine runs: the inline scripts, the legacy chunks.
 * @example transformSync(code, { target: JS_TARGET }) // JS_TARGET is 'chrome64'
 */
export const JS_TARGET = `chrome${FLOOR}`;

/**
 * The modern build, which every engine with `structuredClone` (Chromium 98) loads: its syntax is all
 * that engine's, so today's phones pay nothing for the floor. An engine without it loads the same
 * chunks lowered to JS_TARGET from `/_astro/legacy/` (build/legacy-chunks.ts; the switch is in
 * src/components/shell/painted.ts, which names the same test).
 * @example engineTargets() // the client environment's `build.target` is MODERN_TARGET
 */
export const MODERN_TARGET = 'chrome98';

/**
 * Lightning CSS's targets, from the same list.
 * @example transform({ filename: 'a.css', code, targets: CSS_TARGETS }) // `inset` written as top/right/bottom/left
 */
export const CSS_TARGETS = browserslistToTargets(BROWSERS);
