/**
 * The page's locale and messages, for islands. The layout embeds the strings of every message area
 * the page's islands use, in the page's locale (`<script type="application/json" id="messages">`,
 * before any island), and they are read once here: no island fetches or bundles a message file. A
 * page never changes language (each locale has its own URL), so this is plain data, not a store: no
 * library, no subscription (`@nanostores/i18n` cost 0.9 KB of first-load JS for this).
 */
import type { MessageKey } from '../shared/message-key';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/locale';

/** Message areas by name, each a map of message names to strings. */
export type PageMessages = Record<string, Record<string, unknown>>;

let locale: Locale = DEFAULT_LOCALE;
let messages: PageMessages = {};

/**
 * The locale and messages islands render with: on the server, set by the layout before each page
 * renders (pages are generated one at a time); in the browser, read from the page on load.
 * @example setPageText('th-TH', { error: { noInternet: 'ไม่มีอินเทอร์เน็ต' } })
 */
export function setPageText(next: Locale, areas: PageMessages): void {
  locale = next;
  messages = areas;
}

/** @example pageLocale() // 'th-TH' */
export const pageLocale = (): Locale => locale;

/** Values for the placeholders of a message, e.g. `{ days: 3 }`. */
export type MessageParams = Record<string, string | number>;
export type Text = (key: MessageKey, params?: MessageParams) => string;

/**
 * A dotted key's text (typed from the en-US file) in the page's language, with `{name}` placeholders
 * filled from params, as text: the caller renders it, never as HTML. The key itself when the page
 * did not embed it.
 * @example text('vip.daysLeft', { days: 3 }) // 'Days left: 3'
 */
export const text: Text = (key, params) => {
  const [area = '', name = ''] = key.split('.', 2);
  const value = messages[area]?.[name];
  if (typeof value !== 'string') return key;
  return params ? value.replace(/\{(\w+)\}/g, (whole, param: string) => (param in params ? String(params[param]) : whole)) : value;
};

/** Reads the page's embedded messages once, in the browser. */
function readEmbedded(): void {
  const lang = document.documentElement.lang;
  if (!isLocale(lang)) return;
  let areas: PageMessages = {};
  try {
    areas = JSON.parse(document.getElementById('messages')?.textContent || '{}');
  } catch {
    // A broken embed leaves keys unresolved: an island shows nothing worse than the key.
  }
  setPageText(lang, areas);
}

if (typeof document !== 'undefined') readEmbedded();
