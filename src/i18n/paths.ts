/** Every page is built unprefixed (en-US) and under each of the nine locale prefixes. */
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../shared/locale';

/**
 * `getStaticPaths` for every page: `/license.html` and `/th-TH/license.html` alike.
 * @example export const getStaticPaths = localePaths;
 */
export function localePaths() {
  return [{ params: { locale: undefined } }, ...LOCALES.map((locale) => ({ params: { locale } }))];
}

/** The page's locale from its `[...locale]` param; unprefixed pages are en-US. */
export function localeOfParam(param: string | undefined): { locale: Locale; prefixed: boolean } {
  return isLocale(param) ? { locale: param, prefixed: true } : { locale: DEFAULT_LOCALE, prefixed: false };
}
