/**
 * The help centre's first screen (/help-feedback): common questions by category, the count of
 * support's unread replies, and customer service by phone or e-mail through the app. Without a
 * signed-in user (outside the app, or signed out) the public part: the questions and the contacts.
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { helpCommon, helpHome } from '../../shared/api/endpoints/help';
import { command, onHost } from '../bridge';
import { onResume } from '../../shared/bridge/calls/app';
import { isEmail } from '../../shared/forms/contact';
import { pageLocale } from '../i18n';
import { dataOf, fill, loading, type Loadable } from '../model/loadable';
import { $session } from '../session';

export type HelpHome = DataOf<typeof helpHome>;

/** What the backend gives is still checked before it becomes a tel: or mailto: address. */
const DIAL = /^\+?\d{3,20}$/;

/** The categories with their questions, the unread count and the contacts. */
export const $home = atom<Loadable<HelpHome>>(loading());

/**
 * Asks for the first screen in the page's locale, the user's if signed in, else everyone's (no unread
 * replies to count); what was shown stays while it reloads.
 * @example await loadHome()
 */
export const loadHome = (): Promise<void> =>
  fill(
    $home,
    () =>
      $session.get() === 'signed-in'
        ? request(helpHome, { locale: pageLocale() })
        : request(helpCommon, { locale: pageLocale() }).then((common) => ({ ...common, unread: 0 })),
    { keep: true },
  );

/**
 * Loads now and again each time the app comes back (from My feedback, or the app itself): the unread
 * count may have changed.
 * @returns a function that stops following
 * @example useEffect(() => (session === 'checking' ? undefined : watchHome()), [session, locale])
 */
export function watchHome(): () => void {
  void loadHome();
  return onHost(onResume, () => void loadHome());
}

/**
 * Calls the hotline through the app's dialler, else the browser's tel: link.
 * @example <button onClick={callHotline}>
 */
export function callHotline(): void {
  const dial = dataOf($home.get())?.hotline.dial;
  if (dial && DIAL.test(dial) && !command('launchDialing', { phoneNumber: dial }).ok) location.href = `tel:${dial}`;
}

/**
 * Writes to support through the app's mail, else the browser's mailto: link.
 * @example <button onClick={writeEmail}>
 */
export function writeEmail(): void {
  const email = dataOf($home.get())?.email;
  if (email && isEmail(email) && !command('jumpEmail', { email }).ok) location.href = `mailto:${email}`;
}
