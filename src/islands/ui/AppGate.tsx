/**
 * The sign-in gate of a page that needs a signed-in app user. All three prompts are drawn on the
 * server, and the shell script (src/layouts/shell-script.ts) picks one before first paint by setting
 * `<html data-session>` (and `data-brand` outside the app), which gate.css reads:
 *   - signed out: the sign-in prompt;
 *   - outside the app, on an OPPO, realme or OnePlus phone: the link that opens this page in the app
 *     (src/layouts/shell-events.ts gives it this page's query);
 *   - outside the app, on any other phone: the spec's brand messages;
 *   - signed in: none.
 * Once hydrated it keeps `data-session` current (the app shown again, a sign-in) and runs the sign-in.
 * Area islands read the same state from `$session`.
 */
import { useStore } from './use-store';
import { useEffect } from 'preact/hooks';
import { $session, $signIn, signIn, watchSession } from '../../lib/session';
import { useHydrated } from './hydrated';
import './gate.css';
import { usePage } from './page';

/**
 * `openInApp` is this page's app link without its query (src/lib/platform.ts appLink), made at build.
 * @example <AppGate client:painted openInApp="oppomusic://web/zh-CN/feedback" />
 */
export default function AppGate({ openInApp }: { openInApp: string }) {
  const signing = useStore($signIn);
  const { t } = usePage();
  // Drawn on the server, the button waits for the code that signs in: a tap before then would be lost.
  const hydrated = useHydrated();
  useEffect(() => {
    const flags = document.documentElement.dataset;
    const unsubscribe = $session.subscribe((session) => {
      if (session !== 'checking') flags.session = session;
    });
    watchSession();
    return unsubscribe;
  }, []);

  return (
    <>
      <section className="gate gate-sign-in" aria-live="polite">
        <p>{t('error.notLoggedIn')}</p>
        {/* A failed try says so until the next tap (which clears it: $signIn is busy again). */}
        {signing === 'failed' && (
          <p className="gate-error" role="alert">
            {t('shell.signInFailed')}
          </p>
        )}
        <button type="button" className="button" disabled={!hydrated || signing === 'busy'} onClick={() => void signIn()}>
          {t('shell.signIn')}
        </button>
      </section>
      <section className="gate gate-app" aria-live="polite">
        <p>{t('shell.openInAppHint')}</p>
        <a className="button" href={openInApp}>
          {t('shell.openApp')}
        </a>
      </section>
      <section className="gate gate-brand" aria-live="polite">
        <p>{t('error.brandOnly')}</p>
        <p>{t('error.cannotOpen')}</p>
      </section>
    </>
  );
}
