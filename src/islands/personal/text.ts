/** The personal-data area's messages for islands: declared here, embedded by the page. */
import { area } from '../ui/text';

export const personalText = { personal: area('personal') };

/** The browser's own time zone, else the app's: the once-a-day limit counts in it. */
export function userTimeZone(appZone: string | undefined): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || appZone || 'UTC';
  } catch {
    return appZone || 'UTC';
  }
}
