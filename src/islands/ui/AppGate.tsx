/**
 * Shown at the foot of pages that need a signed-in app user: nothing when signed in, the sign-in prompt
 * when signed out; outside the app, a link that opens the page in the app on the phones that have it,
 * and the spec's brand messages on any other. Area islands read `$session` themselves.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import { $session, $signIn, signIn, watchSession } from '../../lib/session';
import { useText } from './text';
import './gate.css';

export default function AppGate() {
  const session = useStore($session);
  const signing = useStore($signIn);
  const t = useText();
  // Outside the app only: which phone this is, and the link into the app (loaded then, not before).
  const [outside, setOutside] = useState<{ supported: boolean; link: string } | null>(null);
  useEffect(watchSession, []);
  useEffect(() => {
    if (session !== 'no-app') return;
    void import('../../lib/platform').then(({ appLink, detectBrand }) =>
      setOutside({ supported: detectBrand(navigator.userAgent) !== 'other', link: appLink(location.pathname, location.search) }),
    );
  }, [session]);

  if (session === 'checking' || session === 'signed-in') return null;
  if (session === 'no-app') {
    if (!outside) return null;
    // Only OPPO, Realme and OnePlus phones have the app (spec §6): others are told so, not sent to it.
    if (!outside.supported) {
      return (
        <section class="gate" aria-live="polite">
          <p>{t('error.brandOnly')}</p>
          <p>{t('error.cannotOpen')}</p>
        </section>
      );
    }
    return (
      <section class="gate" aria-live="polite">
        <p>{t('shell.openInAppHint')}</p>
        <a class="button" href={outside.link}>
          {t('shell.openApp')}
        </a>
      </section>
    );
  }
  // A failed try says so until the next tap (which clears it: $signIn is busy again).
  return (
    <section class="gate" aria-live="polite">
      <p>{t('error.notLoggedIn')}</p>
      {signing === 'failed' && (
        <p class="gate-error" role="alert">
          {t('shell.signInFailed')}
        </p>
      )}
      <button type="button" class="button" disabled={signing === 'busy'} onClick={() => void signIn()}>
        {t('shell.signIn')}
      </button>
    </section>
  );
}
