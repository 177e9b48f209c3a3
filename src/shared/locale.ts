/**
 * Locales: the nine the product ships, and how to read what Android sends into one of them. The one
 * list of them: pages, server, scripts and tests import it (scripts run it under Node 24's type
 * stripping, so it keeps to erasable TypeScript and imports nothing). A tenth locale is one entry in
 * LOCALES (and in BY_LANGUAGE if Android may send its bare language) plus its messages file
 * (docs/routes-and-locales.md).
 */

/** @example LOCALES.includes('th-TH') // true */
export const LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'zh-HK', 'id-ID', 'ms-MY', 'fil-PH', 'vi-VN', 'th-TH'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

// A bare language maps to its one supported region; Android still sends the legacy codes `in` and `tl`.
// No prototype: `constructor` or `__proto__` sent as a language must not find anything.
const BY_LANGUAGE = {
  __proto__: null,
  en: 'en-US',
  id: 'id-ID',
  in: 'id-ID',
  ms: 'ms-MY',
  fil: 'fil-PH',
  tl: 'fil-PH',
  vi: 'vi-VN',
  th: 'th-TH',
} as unknown as Record<string, Locale | undefined>;

/**
 * Reads any spelling of a supported language (`zh_CN`, `in-ID`, `zh-Hant-HK`, `TH`) as one of the
 * nine locales, or `null` when it names none of them.
 * @example normalizeLocale('zh_Hant_TW') // 'zh-TW'
 */
export function normalizeLocale(input: unknown): Locale | null {
  if (typeof input !== 'string' || input.length > 35) return null;
  // Padded with dashes so each subtag can be matched whole: `-zh-hant-hk-`.
  const tag = `-${input.trim().toLowerCase().replace(/_/g, '-')}-`;
  // indexOf, not startsWith: the inline shell script runs this on engines older than ES2015.
  if (tag.indexOf('-zh-') === 0) return /-(hk|mo)-/.test(tag) ? 'zh-HK' : /-(tw|hant)-/.test(tag) ? 'zh-TW' : 'zh-CN';
  return BY_LANGUAGE[tag.split('-')[1]!] ?? null;
}

/**
 * The first of the candidates that names a supported locale, else en-US (spec §4).
 * @example pickLocale(null, 'th') // 'th-TH'
 */
export function pickLocale(...candidates: unknown[]): Locale {
  for (const candidate of candidates) {
    const locale = normalizeLocale(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** @example isLocale('th-TH') // true */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
