/** The time zone the once-a-day export limit counts in, and the personal pages show dates in. */
import { $selfInfo } from '../stores/self-info';

/** Whether `Intl` knows the zone: the host's value is untrusted, and a wrong one would throw. */
function known(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The app's time zone (`dev_timezone`), as every other page shows times in; else the browser's, else
 * UTC. One source for the whole site, so a request's time reads the same here as in My feedback.
 * @example userTimeZone('Asia/Singapore') // 'Asia/Singapore', whatever the browser's zone
 * @example userTimeZone('Mars/Olympus') // the browser's zone, e.g. 'Europe/Berlin'
 */
export function userTimeZone(appZone: string | undefined): string {
  if (appZone && known(appZone)) return appZone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The user's time zone as it stands now. @example request(exportStatus, { timeZone: currentTimeZone() }) */
export const currentTimeZone = (): string => userTimeZone($selfInfo.get().dev_timezone);
