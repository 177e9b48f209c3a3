/**
 * Shown at the foot of pages that need a signed-in app user: nothing when signed in, the sign-in prompt
 * when signed out; outside the app, the open-in-app prompt (./prompts/OpenInApp, loaded only then).
 * Area islands read `$session` themselves.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, $signIn, signIn, watchSession } from '../../lib/session';
import { useLater } from './later';
import { useText } from './text';
import './gate.css';

export default function AppGate() {
  const session = useStore($session);
  const signing = useStore($signIn);
  const t = useText();
  const outside = useLater(() => import('./prompts/OpenInApp').then((m) => m.OpenInApp));
  useEffect(watchSession, []);
  useEffect(() => {
    if (session === 'no-app') outside.load();
  }, [session]);

  if (session === 'checking' || session === 'signed-in') return null;
  if (session === 'no-app') return outside.Part && <outside.Part />;
  // A failed try says so until the next tap (which clears it: $signIn is busy again).
  return (
    <section className="gate" aria-live="polite">
      <p>{t('error.notLoggedIn')}</p>
      {signing === 'failed' && (
        <p className="gate-error" role="alert">
          {t('shell.signInFailed')}
        </p>
      )}
      <button type="button" className="button" disabled={signing === 'busy'} onClick={() => void signIn()}>
        {t('shell.signIn')}
      </button>
    </section>
  );
}
