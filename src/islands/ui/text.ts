/** Messages in islands, from the strings the layout embedded for the page's locale (src/lib/i18n.ts). */
import { text, type Text } from '../../lib/i18n';

export type { MessageParams, Text } from '../../lib/i18n';

/**
 * The message lookup, as islands ask for it. The page's language never changes while it is open, so
 * this holds no state: a hook in name, as React's translation hooks are, and safe to call anywhere.
 * @example const t = useText(); t('vip.daysLeft', { days: 3 })
 */
export const useText = (): Text => text;
