/**
 * Sign-in state for pages that need it (spec §2: every route but those flagged otherwise).
 * Outside the app there is no account to read, so such pages show the open-in-app prompt instead.
 */
import { atom } from 'nanostores';
import { commandWithReply, isInApp, onHost, query } from './bridge';
import { accountInfo, getAppBaseInfo, onLoginCallback, onResume } from '../shared/bridge/calls/app';
import { SESSION_ID } from '../shared/shell-rules';
import { setMembership } from './stores/membership';
import { setSelfInfo } from './stores/self-info';

export type Session = 'checking' | 'no-app' | 'signed-out' | 'signed-in';

export const $session = atom<Session>('checking');

/**
 * The app's sign-in as the prompt shows it: `busy` while the app's screen is open, `failed` when it
 * answered "no" or never answered (the prompt then says so, until the next try).
 */
export const $signIn = atom<'idle' | 'busy' | 'failed'>('idle');

// The user may take a while in the app's sign-in screen; past this the try counts as failed.
const LOGIN_WAIT_MS = 5 * 60_000;

/**
 * Reads the account and device from the host into the stores every island shares (membership, and
 * selfInfo, which tracking and the API read their common fields from).
 * @example checkSession(); $session.get() // 'signed-in'
 */
export function checkSession(): Session {
  if (!isInApp()) return set('no-app');
  setSelfInfo(query(getAppBaseInfo));
  const account = query(accountInfo);
  setMembership(account);
  return set(account.isLogin ? 'signed-in' : 'signed-out');
}

/**
 * Opens the app's sign-in; on success the page refreshes its state in place (no reload).
 * @example await signIn() // 'signed-in' | 'signed-out'
 */
export async function signIn(): Promise<Session> {
  $signIn.set('busy');
  let ok = false;
  try {
    const { success, app_sessionid } = await commandWithReply('login', undefined, onLoginCallback, { timeoutMs: LOGIN_WAIT_MS });
    // The API sends the new session from here on (src/lib/api-identity.ts reads it per request).
    // Only what looks like an id is stored, as the shell does with the query's (storage never holds
    // markup). The API reads it per request; storage that refuses it leaves the old one, refused again.
    if (success && SESSION_ID.test(app_sessionid ?? '')) localStorage.setItem('app_sessionid', app_sessionid!);
    ok = success && checkSession() === 'signed-in';
  } catch {
    // No answer in time, or no host: a failed try all the same.
  }
  $signIn.set(ok ? 'idle' : 'failed');
  return $session.get();
}

let watching = false;

/** Checks now and again whenever the app shows the page (`onResume`). Safe to call more than once. */
export function watchSession(): void {
  checkSession();
  if (watching) return;
  watching = true;
  onHost(onResume, () => checkSession());
}

function set(session: Session): Session {
  $session.set(session);
  return session;
}
