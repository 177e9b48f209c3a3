/**
 * Message areas for islands, each declared once with its en-US text as base (`@nanostores/i18n`
 * warns when an area is declared twice). The page's locale text is embedded by the layout.
 */
import { useStore } from '@nanostores/preact';
import { i18n } from '../../lib/i18n';
import { error, notice, shell } from '../../i18n/messages/en-US.json';

const AREAS = { shell: i18n('shell', shell), error: i18n('error', error), notice: i18n('notice', notice) };
export type TextArea = keyof typeof AREAS;

/** A lookup of dotted keys (`error.noInternet`) in the page's language; an unknown key reads as itself. */
export function useText(): (key: string) => string {
  const loaded = { shell: useStore(AREAS.shell), error: useStore(AREAS.error), notice: useStore(AREAS.notice) };
  return (key) => {
    const [area, name = ''] = key.split('.', 2) as [TextArea, string];
    const value = (loaded[area] as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : key;
  };
}
