/**
 * Shell rules (spec §2 "Shell rules", §4 theme): what the page looks like for a route and a query,
 * decided before first paint. Pure, so the inline shell script and the table test share it.
 */
import type { Padding } from './routes';

export type Theme = 'light' | 'dark' | 'dark1' | 'dark2';

/** Query access as `URLSearchParams` offers it; the shell only reads. */
export interface Query {
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface ShellFlags {
  padding: Padding;
  backBar: boolean;
  titleFromQuery: boolean;
}

export interface ShellState {
  theme: Theme;
  /** `#rrggbb` to paint the page with, or null for the theme's own background. */
  background: string | null;
  statusHeight: number;
  paddingTop: number;
  showBackBar: boolean;
  /** Text to show as the title instead of the translated one: the `title` query, as text. */
  titleText: string | null;
  /** `data1` present: the title reads "my feedback" (translated by the page). */
  myFeedbackTitle: boolean;
}

export const DEFAULT_STATUS_HEIGHT = 32;
/** The back bar's own height; "status_height + 50" in spec §2. */
export const BAR_HEIGHT = 50;
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

/**
 * Theme from the host's `dark` flag and `bgColor` (query, `dark()` or `h5Dark`): dark=1 with one of
 * the three known backgrounds picks a dark variant; anything else is light. The background follows
 * bgColor, but only where the theme's text stays readable on it (a dark bgColor is ignored in light).
 * @example themeOf('1', '171717') // { theme: 'dark1', background: '#171717' }
 */
export function themeOf(dark: unknown, bgColor: unknown): { theme: Theme; background: string | null } {
  const hex = hexColor(bgColor);
  const variant = String(dark) === '1' && hex ? DARK_BACKGROUNDS[hex] : undefined;
  if (variant) return { theme: variant, background: `#${hex}` };
  return { theme: 'light', background: hex && LIGHT.test(hex) ? `#${hex}` : null };
}

// Every channel at least 0xC0: the light theme's dark text (#1a1a1a) keeps over 9:1 contrast on it.
const LIGHT = /^([c-f][0-9a-f]){3}$/;

/**
 * Everything the shell decides for one route and query.
 * @example shellState({ padding: 'bar', backBar: true, titleFromQuery: false }, new URLSearchParams('status_height=24')).paddingTop // 74
 */
export function shellState(route: ShellFlags, query: Query): ShellState {
  const height = statusHeight(query.get('status_height'));
  const paddingTop = route.padding === 'none' ? 0 : route.padding === 'status' ? height : height + BAR_HEIGHT;
  const title = route.titleFromQuery ? cleanTitle(query.get('title')) : null;
  return {
    ...themeOf(query.get('dark'), query.get('bgColor')),
    statusHeight: height,
    paddingTop,
    showBackBar: route.backBar && query.has('status_height'),
    titleText: title,
    myFeedbackTitle: !title && query.has('data1'),
  };
}

/** Control and format characters (bidi overrides, zero-width) would let a title reorder or hide text. */
function cleanTitle(raw: string | null): string | null {
  const text = (raw ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  // The first 60 code points: a cut by UTF-16 units could split an emoji's pair and show '�'.
  return text ? /.{0,60}/su.exec(text)![0] : null;
}

/**
 * Puts a theme on the page: variants are styled by `html[data-theme]`, and the background only ever
 * gets a validated `#rrggbb` (an empty value removes it).
 * @example applyTheme(document.documentElement, themeOf('1', '000000'))
 */
export function applyTheme(html: HTMLElement, { theme, background }: { theme: Theme; background: string | null }): void {
  html.dataset.theme = theme;
  html.style.setProperty('--page-bg', background ?? '');
}

/** `app_sessionid` is stored only when it looks like an id, so storage never holds markup. */
export const SESSION_ID = /^[\w.:-]{1,128}$/;
