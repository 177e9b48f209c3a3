// The engines we support: package.json's browserslist, read here once for every tool that lowers
// or checks code (the build's JS target, Lightning CSS, the inline scripts; ESLint's compat plugin
// reads the same list itself). Android System WebView is Chromium, so the floor is a Chromium version.
import browserslist from 'browserslist';
import { browserslistToTargets } from 'lightningcss';

/** The declared list, resolved: `['chrome 157', …, 'chrome 64', 'android 157']`. */
export const BROWSERS = browserslist(undefined, { path: new URL('../..', import.meta.url).pathname });

const chromes = BROWSERS.filter((b) => b.startsWith('chrome ')).map((b) => Number(b.split(' ')[1]));
/** The oldest Chromium we support: 64. */
export const FLOOR = Math.min(...chromes);

/** esbuild's and Vite's target for everything that ships to the page: `chrome64`. */
export const JS_TARGET = `chrome${FLOOR}`;

/** Lightning CSS's targets, from the same list. */
export const CSS_TARGETS = browserslistToTargets(BROWSERS);
