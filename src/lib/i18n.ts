/**
 * i18n for islands: `@nanostores/i18n` with the page's messages embedded at build time. The layout
 * writes them as JSON (`<script type="application/json" id="messages">`) before any island, and this
 * module fills the i18n cache from it, so no island ever fetches a message file. Every page embeds
 * its own locale, en-US included, so islands declare their areas with no base text (`i18n('vip', {})`)
 * and no message file is ever bundled into JavaScript.
 */
import { createI18n, type ComponentsJSON, type Translations } from '@nanostores/i18n';
import { atom } from 'nanostores';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';

export const $locale = atom<Locale>(DEFAULT_LOCALE);

// A base locale no page uses: all nine real locales come from the page's embedded messages.
const BASE = 'base' as Locale;

export const i18n = createI18n($locale, {
  baseLocale: BASE,
  // The page embeds every area its islands use. Each asked component must be answered, or the
  // library keeps waiting for it and never redraws.
  get: async (_locale, components) => Object.fromEntries(components.map((name) => [name, {}])),
});

/**
 * Makes a locale's messages current, on the server while a page renders and in the browser on load.
 * @example useLocale('th-TH', { error: { noInternet: 'ไม่มีอินเทอร์เน็ต' } })
 */
export function useLocale(locale: Locale, components: ComponentsJSON): void {
  // At run time the cache holds components per locale; the declared type (Translations) is narrower.
  i18n.cache[locale] = { ...i18n.cache[locale], ...(components as unknown as Translations) };
  $locale.set(locale);
}

/** Reads the page's embedded messages once, in the browser. */
function loadEmbedded(): void {
  const locale = document.documentElement.lang;
  const json = document.getElementById('messages')?.textContent;
  if (!isLocale(locale)) return;
  try {
    useLocale(locale, json ? JSON.parse(json) : {});
  } catch {
    // A broken embed leaves keys unresolved; useText shows nothing worse than the key.
    $locale.set(locale);
  }
}

if (typeof document !== 'undefined') loadEmbedded();
