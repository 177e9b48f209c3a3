/**
 * Who the API requests speak for: the host's uid (selfInfo, read by the session check) and the
 * `app_sessionid` the shell saved from the query (or a sign-in saved since). When the server refuses
 * that session, the page says why (spec §8) and offers the app's sign-in; the request is sent again
 * once the user is signed in. Imported by every area that calls the API.
 */
import { setReauth, setSession, type Reauth } from './api';
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

setSession(() => ({ uid: $selfInfo.get().uid, app_sessionid: storedSessionId() }));

// Requests refused together share one question: one dialog, one sign-in, then each retries.
let asking: Promise<boolean> | undefined;
const askToSignIn: Reauth = (code) =>
  (asking ??= (async () => {
    try {
      if (!(await confirmDialog({ messageKey: `error.${code}`, confirmKey: 'shell.signIn' }))) return false;
      return (await signIn()) === 'signed-in';
    } finally {
      asking = undefined;
    }
  })());
setReauth(askToSignIn);
