/**
 * The page theme (spec §2 theme rule, §3 darkbg/darkColor, §4 theme switches on the host's dark
 * callback). The inline shell sets the first theme before paint; this store follows later changes.
 */
import { atom } from 'nanostores';
import { applyTheme, hexColor, themeOf, type Theme } from '../shell-rules';

export type { Theme };

const THEMES: readonly Theme[] = ['light', 'dark', 'dark1', 'dark2'];
// Text colours of src/styles/base.css (--fg), for islands that draw outside CSS (canvas, host dialogs).
const TEXT = { light: '#1a1a1a', dark: '#ededed' } as const;
// Every channel at most 0x3f: the dark themes' light text keeps its contrast on it.
const DARK_ENOUGH = /^([0-3][0-9a-f]){3}$/;

/** @example $theme.get() // 'dark1' */
export const $theme = atom<Theme>('light');
/** The page background as `#rrggbb`, or null for the theme's own. @example $darkbg.get() // '#171717' */
export const $darkbg = atom<string | null>(null);
/** The theme's text colour. @example $darkColor.get() // '#ededed' */
export const $darkColor = atom<string>(TEXT.light);

/**
 * Switches theme. An unknown name reads as light; bgColor is kept only as six hex digits and only
 * where the theme's text stays readable on it (dark on a dark background, light on a light one).
 * @example setTheme('dark1', '171717') // $darkbg '#171717', $darkColor '#ededed'
 */
export function setTheme(name: string, bgColor?: string | null): void {
  const theme = (THEMES as readonly string[]).includes(name) ? (name as Theme) : 'light';
  const hex = hexColor(bgColor);
  const background =
    theme === 'light' ? themeOf('0', hex).background : hex && DARK_ENOUGH.test(hex) ? `#${hex}` : null;
  $theme.set(theme);
  $darkbg.set(background);
  $darkColor.set(theme === 'light' ? TEXT.light : TEXT.dark);
}

/**
 * Applies the host's dark flag and bgColor (`dark()` query, `h5Dark` event) by the shell's own rule.
 * @example setHostTheme({ dark: 1, bgColor: '262626' }) // $theme 'dark2'
 */
export function setHostTheme({ dark, bgColor }: { dark: unknown; bgColor?: unknown }): void {
  const { theme, background } = themeOf(dark, bgColor);
  setTheme(theme, background);
}

/**
 * Starts from the theme the shell script put on `<html>` before paint, then keeps `<html>` in step
 * with the store (data-theme and --page-bg). Returns the function that stops it.
 * @example const stop = bindThemeTo(document.documentElement)
 */
export function bindThemeTo(html: HTMLElement): () => void {
  setTheme(html.dataset.theme ?? 'light', html.style.getPropertyValue('--page-bg'));
  const apply = () => applyTheme(html, { theme: $theme.get(), background: $darkbg.get() });
  const stops = [$theme.listen(apply), $darkbg.listen(apply)];
  return () => stops.forEach((stop) => stop());
}
