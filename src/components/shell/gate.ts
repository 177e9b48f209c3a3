/**
 * The sign-in gate's script (Gate.astro): mirrors the session onto `<html data-session>`, which the
 * shell script set before first paint, as it changes (the app shown again, a sign-in); runs the
 * sign-in from the gate's button. (The open-in-app link gets this page's query from
 * src/layouts/shell-events.ts, which runs before this.)
 */
import { $session, $signIn, signIn, watchSession } from '../../lib/session';

/** @example startGate(document) */
export function startGate(doc: Document): void {
  const flags = doc.documentElement.dataset;
  const button = doc.querySelector<HTMLButtonElement>('.gate-sign-in button');
  const failed = doc.querySelector<HTMLElement>('.gate-sign-in .gate-error');

  $session.subscribe((session) => {
    if (session !== 'checking') flags.session = session;
  });
  // A failed try says so until the next tap (which clears it: $signIn is busy again).
  $signIn.subscribe((state) => {
    if (button) button.disabled = state === 'busy';
    if (failed) failed.hidden = state !== 'failed';
  });
  button?.addEventListener('click', () => void signIn());
  watchSession();
}
