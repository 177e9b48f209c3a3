/**
 * Shown at the foot of pages that need a signed-in app user: nothing when signed in, the sign-in prompt
 * when signed out; outside the app, a link that opens the page in the app on the phones that have it,
 * and the spec's brand messages on any other. Area islands read `$session` themselves.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import { $session, signIn, watchSession } from '../../lib/session';
import { useText } from './text';
import './gate.css';

export default function AppGate() {
  const session = useStore($session);
  const [busy, setBusy] = useState(false);
  const t = useText();
  // Outside the app only: which phone this is, and the link into the app (loaded then, not before).
  const [outside, setOutside] = useState<{ supported: boolean; link: string } | null>(null);
  useEffect(watchSession, []);
  useEffect(() => {
    if (session !== 'no-app') return;
    void import('../../lib/platform').then(({ appLink, detectBrand }) =>
      setOutside({ supported: detectBrand(navigator.userAgent) !== 'other', link: appLink(location.pathname) }),
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
  const onSignIn = async () => {
    setBusy(true);
    await signIn();
    setBusy(false);
  };
  return (
    <section class="gate" aria-live="polite">
      <p>{t('error.notLoggedIn')}</p>
      <button type="button" class="button" disabled={busy} onClick={onSignIn}>
        {t('shell.signIn')}
      </button>
    </section>
  );
}
