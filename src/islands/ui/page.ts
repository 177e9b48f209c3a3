/** What every island reads of its page, from one hook. */
import { useHydrated } from './hydrated';
import { useStore } from './use-store';
import { pageLocale, text, type Text } from '../../lib/i18n';
import type { Locale } from '../../shared/locale';
import { useEffect } from 'preact/hooks';
import { $session, watchSession, type Session } from '../../lib/session';
// Installs __importAgain, which the build puts in place of our chunks' import() (build/retrying-imports.ts): here,
// in the module every island reads, so it is in core and runs before any island's code.
import '../../lib/model/import-again';
// Notes uncaught errors for the field report from the start (src/lib/field/note.ts).
import '../../lib/field/note';

export interface Page {
  /** The message lookup in the page's language (src/lib/i18n.ts). */
  t: Text;
  /** The page's locale: it never changes while the page is open. */
  locale: Locale;
  /**
   * The sign-in state: checking, no app, signed out or signed in (the island re-renders when it
   * changes). As the store has it now: for effects; what is drawn from it waits for hydration, as
   * `signedIn` does.
   */
  session: Session;
  /**
   * Signed in, as the island draws it: false on the first render, which hydrates the markup the build
   * made before any session was known (Preact keeps the server's attributes, so a first render that
   * knew more would leave a button disabled for good); from the next render, `session === 'signed-in'`.
   */
  signedIn: boolean;
}

/**
 * The page's text, locale and sign-in state.
 * @example const { t, locale, signedIn } = usePage(); <button disabled={!signedIn}>
 */
export function usePage(): Page {
  const session = useStore($session);
  // The first island to hydrate reads the account, not the sign-in gate's (src/islands/ui/AppGate.tsx),
  // which a signed-in user does not see and whose chunk comes after the first screen's
  // (build/preload-chunks.ts): the page's reads wait for no code of the gate's.
  useEffect(() => void ($session.get() == 'checking' && watchSession()), []);
  const hydrated = useHydrated();
  return { t: text, locale: pageLocale(), session, signedIn: hydrated && session === 'signed-in' };
}
