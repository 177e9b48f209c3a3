/** What every island reads of its page, from one hook. */
import { useStore } from './use-store';
import { pageLocale, text, type Text } from '../../lib/i18n';
import type { Locale } from '../../shared/locale';
import { $session, type Session } from '../../lib/session';
// Installs __importAgain, which the build puts in place of our chunks' import() (astro.config.mjs): here,
// in the module every island reads, so it is in core and runs before any island's code.
import '../../lib/model/import-again';
// Notes uncaught errors for the field report from the start (src/lib/field/note.ts).
import '../../lib/field/note';

export interface Page {
  /** The message lookup in the page's language (src/lib/i18n.ts). */
  t: Text;
  /** The page's locale: it never changes while the page is open. */
  locale: Locale;
  /** The sign-in state: checking, no app, signed out or signed in (the island re-renders when it changes). */
  session: Session;
  /** `session === 'signed-in'`, the one question most islands ask of it. */
  signedIn: boolean;
}

/**
 * The page's text, locale and sign-in state.
 * @example const { t, locale, signedIn } = usePage();
 */
export function usePage(): Page {
  const session = useStore($session);
  return { t: text, locale: pageLocale(), session, signedIn: session === 'signed-in' };
}
