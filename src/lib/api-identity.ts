/**
 * Who the API requests speak for: the host's uid (selfInfo, read by the session check) and the
 * `app_sessionid` the shell saved from the query (or a sign-in saved since). When the server refuses
 * that session, the page asks the user to sign in again (./reauth.ts) and sends the request once more. Imported by every area that calls the API.
 */
import { setIdentity, setReauth } from './api';
import { signIn } from './session';
import { $selfInfo } from './stores/self-info';
import { confirmDialog } from './stores/ui';

function storedSessionId(): string {
  try {
    return localStorage.getItem('app_sessionid') ?? '';
  } catch {
    return '';
  }
}

setIdentity(() => ({ uid: $selfInfo.get().uid, app_sessionid: storedSessionId() }));

// Loaded on the first refusal; offline, the chunk's failure reaches the caller as no internet.
setReauth((code) => import('./reauth').then((m) => m.askToSignIn(code, confirmDialog, signIn)));
