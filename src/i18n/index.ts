/**
 * Message files, one per locale, read at build time by `.astro` files and embedded for islands. The
 * files are src/shared/messages/, since the server prints the same texts (failure messages, the export).
 */
import type { Locale } from '../shared/locale';

import type { Area, MessageKey, Messages } from '../shared/message-key';

export type { Area, MessageKey, Messages } from '../shared/message-key';

const files = import.meta.glob<Messages>('../shared/messages/*.json', { eager: true, import: 'default' });

/**
 * The message file of a locale.
 * @example messages('th-TH').layout.back
 */
export function messages(locale: Locale): Messages {
  const file = files[`../shared/messages/${locale}.json`];
  if (!file) throw new Error(`No message file for ${locale}`);
  return file;
}

/**
 * A lookup by dotted key that fails the build on a missing key rather than show one to a user.
 * @example translator('zh-CN')('error.noInternet')
 */
export function translator(locale: Locale) {
  const all = messages(locale) as unknown as Record<string, Record<string, string>>;
  return (key: MessageKey): string => {
    const [area = '', name = ''] = key.split('.', 2);
    const value = all[area]?.[name];
    if (typeof value !== 'string') throw new Error(`Missing message ${key} in ${locale}`);
    return value;
  };
}

/**
 * The areas a page's islands need, embedded as JSON for src/lib/i18n.ts (no fetch at run time).
 * @example pick('en-US', ['shell', 'error'])
 */
export function pick(locale: Locale, areas: readonly Area[]): Partial<Messages> {
  const all = messages(locale);
  const picked: Partial<Messages> = {};
  for (const area of areas) (picked as Record<Area, unknown>)[area] = all[area];
  return picked;
}
