/** The time zone the once-a-day export limit counts in, and the personal pages show dates in. */
import { $selfInfo } from '../stores/self-info';

/**
 * The browser's own time zone, else the app's, else UTC.
 * @example userTimeZone('Asia/Singapore') // 'Europe/Berlin' in a browser set to Berlin
 */
export function userTimeZone(appZone: string | undefined): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || appZone || 'UTC';
  } catch {
    return appZone || 'UTC';
  }
}

/** The user's time zone as it stands now. @example request(exportStatus, { timeZone: currentTimeZone() }) */
export const currentTimeZone = (): string => userTimeZone($selfInfo.get().dev_timezone);
