/**
 * Closing the WebView from the page's own controls (a "Done", a "Cancel" with nowhere to go back
 * to). The shell's back bar has its own rule (src/layouts/shell-events.ts); this is for the rest.
 */
import { command } from '../bridge';

/**
 * `exit` when the app has it, else `finishPage` (older apps); false outside the app, where the
 * caller picks a page to go to instead.
 * @example if (!closePage()) location.replace(pageHref('help-feedback'))
 */
export const closePage = (): boolean => command('exit').ok || command('finishPage').ok;

/**
 * Whether the user came here from another page of the site, so going back returns there. The app
 * loads a page with no referrer; a link of ours leaves its own origin as the referrer. History alone
 * cannot tell: a dialog's entry (../stores/dialog-back.ts) counts in `history.length` too.
 */
function cameFromSite(): boolean {
  try {
    return history.length > 1 && new URL(document.referrer).origin === location.origin;
  } catch {
    return false; // no referrer at all
  }
}

/**
 * Leaves the page the way the user came: back in history when they came from another page of the
 * site, else closes the WebView (opened straight from the app); outside the app, goes to `fallback`,
 * one of our paths.
 * @example leavePage(() => pageHref('help-feedback'))
 */
export function leavePage(fallback: () => string): void {
  if (cameFromSite()) history.back();
  else if (!closePage()) location.replace(fallback());
}
