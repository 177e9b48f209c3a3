/** Locales: the nine the product ships, and how to read what Android sends into one of them. */

export const LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'zh-HK', 'id-ID', 'ms-MY', 'fil-PH', 'vi-VN', 'th-TH'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

// A bare language maps to its one supported region; Android still sends the legacy codes `in` and `tl`.
const BY_LANGUAGE: Record<string, Locale> = {
  en: 'en-US', id: 'id-ID', in: 'id-ID', ms: 'ms-MY', fil: 'fil-PH', tl: 'fil-PH', vi: 'vi-VN', th: 'th-TH',
};

/**
 * Reads any spelling of a supported language (`zh_CN`, `in-ID`, `zh-Hant-HK`, `TH`) as one of the
 * nine locales, or `null` when it names none of them.
 * @example normalizeLocale('zh_Hant_TW') // 'zh-TW'
 */
export function normalizeLocale(input: unknown): Locale | null {
  if (typeof input !== 'string' || input.length > 35) return null;
  const parts = input.trim().toLowerCase().split(/[-_]/);
  const language = parts[0] ?? '';
  if (language === 'zh') {
    if (parts.includes('hk') || parts.includes('mo')) return 'zh-HK';
    if (parts.includes('tw') || parts.includes('hant')) return 'zh-TW';
    return 'zh-CN';
  }
  return BY_LANGUAGE[language] ?? null;
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
