/**
 * Who the API requests speak for: the host's uid (selfInfo, read by the session check) and the
 * `app_sessionid` the shell saved from the query. Imported by every area that calls the API.
 */
import { setSession } from './api';
import { $selfInfo } from './stores/self-info';

function storedSessionId(): string {
  try {
    return localStorage.getItem('app_sessionid') ?? '';
  } catch {
    return '';
  }
}

setSession(() => ({ uid: $selfInfo.get().uid, app_sessionid: storedSessionId() }));
