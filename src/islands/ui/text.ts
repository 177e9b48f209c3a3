/**
 * Message areas for islands, each declared once (`@nanostores/i18n` warns when an area is declared
 * twice), with no base text: the layout embeds the page's locale messages for every area its islands
 * use, so no message file is bundled. Product areas declare theirs in their folder
 * (`src/islands/vip/text.ts`).
 */
import { useStore } from '@nanostores/react';
import type { Messages } from '@nanostores/i18n';
import { i18n } from '../../lib/i18n';
import type { MessageKey } from '../../i18n';

const declared = new Map<string, Messages>();

/**
 * The i18n store of a message area, declared once per page however many islands use it.
 * @example export const vipText = { vip: area('vip') }
 */
export function area(name: string): Messages {
  let store = declared.get(name);
  if (!store) declared.set(name, (store = i18n(name, {})));
  return store;
}

const SHARED = { shell: area('shell'), error: area('error'), notice: area('notice') };

/** Every area the page embedded: what a page-wide island (the dialog) may be asked to show. */
export function embeddedAreas(): Record<string, Messages> {
  let names: string[] = [];
  try {
    names = Object.keys(JSON.parse(document.getElementById('messages')?.textContent ?? '{}'));
  } catch {
    // No embed: only the shared areas, which resolve to their keys.
  }
  return Object.fromEntries(names.map((name) => [name, area(name)]));
}

export type Params = Record<string, string | number>;
export type Text = (key: MessageKey, params?: Params) => string;

/**
 * A lookup of dotted keys (`error.noInternet`, typed from the en-US file) in the page's language, with
 * `{name}` placeholders filled from params (as text: the caller renders it, never as HTML).
 *
 * Why not `@nanostores/i18n`'s `params()`: its transforms are declared per key in the base
 * translation (`i18n('vip', { daysLeft: params('Days left: {days}') })`), so every key and its
 * English text would ship in each island's JavaScript. Here the areas are declared empty and the
 * page embeds its own locale's strings, so the one-line replace below is all the code there is; the
 * library still owns the stores, the locale and the cache.
 * @example const t = useText({ vip: vipText }); t('vip.daysLeft', { days: 3 })
 */
export function useText(areas: Record<string, Messages> = {}): Text {
  const all = { ...SHARED, ...areas };
  const loaded: Record<string, Record<string, unknown>> = {};
  // A fixed set of stores per call site, so the hooks run in the same order on every render.
  for (const [name, store] of Object.entries(all)) loaded[name] = useStore(store) as Record<string, unknown>;
  return (key, params) => {
    const [area = '', name = ''] = key.split('.', 2);
    const value = loaded[area]?.[name];
    if (typeof value !== 'string') return key;
    return params ? value.replace(/\{(\w+)\}/g, (whole, param: string) => (param in params ? String(params[param]) : whole)) : value;
  };
}
