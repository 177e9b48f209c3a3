/**
 * Shell rules (spec §2 "Shell rules", §4 theme): what the page looks like for a route and a query,
 * decided before first paint. Pure, so the inline shell script and the table test share it.
 */

/**
 * A palette (base.css): light, or one of the three dark ones. `light-ink`: the light palette with every
 * text colour (muted text and links too) pure black, for a background on which its links would fall
 * under 4.5:1.
 */

export type Theme = 'light' | 'dark' | 'dark1' | 'dark2' | 'light-ink';

/** Query access as `URLSearchParams` offers it; the shell only reads. */
export interface Query {
  get(name: string): string | null;
  has(name: string): boolean;
}

export const DEFAULT_STATUS_HEIGHT = 32;

/** What the host passed that the next page's shell needs too (spec §2 global query parameters). */
export const KEEP = ['language', 'status_height', 'dark', 'bgColor'];

// No phone has a status bar taller than this; a larger value is an error or an attack on the layout.
const MAX_STATUS_HEIGHT = 120;

const DARK_BACKGROUNDS: Record<string, Theme> = { '000000': 'dark', '171717': 'dark1', '262626': 'dark2' };
const HEX = /^#?([0-9a-f]{6})$/i;

/**
 * `status_height` as CSS pixels: a plain non-negative number up to 120, else the default 32.
 * @example statusHeight('24') // 24
 */
export function statusHeight(raw: string | null): number {
  if (raw === null || !/^\d{1,3}(\.\d{1,2})?$/.test(raw)) return DEFAULT_STATUS_HEIGHT;
  const value = Number(raw);
  return value <= MAX_STATUS_HEIGHT ? value : DEFAULT_STATUS_HEIGHT;
}

/**
 * Accepts a colour only as six hex digits (with or without `#`), so nothing else reaches CSS.
 * @example hexColor('#171717') // '171717'
 */
export function hexColor(raw: unknown): string | null {
  const match = HEX.exec(String(raw));
  return match ? match[1]!.toLowerCase() : null;
}

/** The page's look: a theme, and the background to paint. */
export interface PageTheme {
  theme: Theme;
  /** `#rrggbb` to paint the page with, or null for the theme's own background. */
  background: string | null;
}

/**
 * Theme from the host's `dark` flag and `bgColor` (query, `dark()` or `h5Dark`). spec §4: "dark=1 with
 * bgColor 000000, 171717 or 262626 selects dark, dark1 or dark2 respectively. Any other value gives
 * light. The page background is set to bgColor." Any other value gives the light palette, on bgColor
 * where black text reads (4.58:1 or more), in its `-ink` form where the palette's links would not;
 * on a darker colour no light text can be read, so the light palette keeps its own background
 * (docs/shell.md "Theme and bgColor").
 * @example themeOf('1', '171717') // { theme: 'dark1', background: '#171717' }
 * @example themeOf('0', 'ff0000') // { theme: 'light-ink', background: '#ff0000' }
 * @example themeOf('0', '000000') // { theme: 'light', background: null }
 */
export function themeOf(dark: unknown, bgColor: unknown): PageTheme {
  const hex = hexColor(bgColor);
  // A template rather than String(): the values are query text or parsed JSON, never a Symbol.
  const variant = `${dark}` === '1' && DARK_BACKGROUNDS[hex!];
  let background = hex && `#${hex}`;
  if (!hex || variant) return { theme: variant || 'light', background };
  // Relative luminance with a 2.2 gamma (within 0.01 of WCAG's piecewise curve: the thresholds keep
  // that margin, and shell-rules.test.ts checks every colour with the exact formula). Black text reads
  // at 4.5:1 from 0.175 (0.18 with the margin); the light palette's weakest text (links, #0b6b3a,
  // L 0.111) from 0.675 (0.69).
  const [r, g, b] = hex.match(/../g)!.map((c) => (parseInt(c, 16) / 255) ** 2.2);
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  if (l < 0.18) background = null;
  return { theme: l < 0.69 && background ? 'light-ink' : 'light', background };
}

/**
 * Puts a theme on the page: variants are styled by `html[data-theme]`, and the background only ever
 * gets a validated `#rrggbb` (an empty value removes it).
 * @example applyTheme(document.documentElement, themeOf('1', '000000'))
 */
export function applyTheme(html: HTMLElement, { theme, background }: PageTheme): void {
  html.dataset.theme = theme;
  html.style.setProperty('--page-bg', background ?? '');
}

/** `app_sessionid` is stored only when it looks like an id, so storage never holds markup. */
export const SESSION_ID = /^[\w.:-]{1,128}$/;

/** The query as the shell reads it, and the address's query as it keeps it. */
export interface ShellQuery extends Query {
  /**
   * The query without `app_sessionid`, every other pair exactly as written (escapes, order), no `?`:
   * the shell takes the 30-day session out of the address once it has stored it, so no Referer, history
   * entry, shared link or access log after the first load carries it.
   */
  rest: string;
}

/**
 * The query (`get`, `has`), without URLSearchParams (Chromium 49): the shell runs on engines below
 * the floor too, and tells nothing to the ones that cannot run it.
 * @example readQuery('?id=7&app_sessionid=s1&dark=1').rest // 'id=7&dark=1'
 */
export function readQuery(search: string): ShellQuery {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  const pairs = search.slice(1).split('&');
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const at = pair.indexOf('=');
    let key = at < 0 ? pair : pair.slice(0, at);
    try {
      const name = key;
      key = decodeURIComponent(name.replace(/\+/g, ' '));
      // The first value wins, as URLSearchParams.get gives it.
      if (name && !Object.prototype.hasOwnProperty.call(values, key)) values[key] = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
    } catch {
      // A malformed escape (`%E0%A4%A`): that pair is not read, the rest are.
    }
    if (key != 'app_sessionid') rest.push(pair);
  }
  const has = (name: string) => Object.prototype.hasOwnProperty.call(values, name);
  return { get: (name) => (has(name) ? values[name]! : null), has, rest: rest.join('&') };
}
