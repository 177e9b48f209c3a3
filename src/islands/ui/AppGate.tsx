/**
 * Shown at the top of pages that need a signed-in app user: nothing when signed in, the sign-in prompt
 * when signed out, the open-in-app prompt outside the app. Area islands read `$session` themselves.
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
  useEffect(watchSession, []);

  if (session === 'checking' || session === 'signed-in') return null;
  if (session === 'no-app') {
    return (
      <section class="gate" aria-live="polite">
        <p>{t('shell.openInAppHint')}</p>
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
