/**
 * The help centre's first screen (/help-feedback): common questions by category, the count of
 * support's unread replies, and customer service by phone or e-mail through the app.
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { helpHome } from '../api/endpoints/help';
import { command, onHost } from '../bridge';
import { onResume } from '../bridge/calls/app';
import { isEmail } from '../forms/contact';
import { pageLocale } from '../i18n';
import { dataOf, fill, loading, type Loadable } from '../model/loadable';

export type HelpHome = DataOf<typeof helpHome>;

/** What the backend gives is still checked before it becomes a tel: or mailto: address. */
const DIAL = /^\+?\d{3,20}$/;

/** The categories with their questions, the unread count and the contacts. */
export const $home = atom<Loadable<HelpHome>>(loading());

/**
 * Asks for the first screen in the page's locale; what was shown stays while it reloads.
 * @example await loadHome()
 */
export const loadHome = (): Promise<void> => fill($home, () => request(helpHome, { locale: pageLocale() }), { keep: true });

/**
 * Loads now and again each time the app comes back (from My feedback, or the app itself): the unread
 * count may have changed.
 * @returns a function that stops following
 * @example useEffect(() => (signedIn ? watchHome() : undefined), [signedIn, locale])
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
