/**
 * The user's feedback (/my-feedback, /my-feedback1): newest first, page by page, each with its state
 * and a mark while support's reply is unread.
 */
import { request } from '../request';
import { feedbackList } from '../../shared/api/endpoints/feedback';
import { pageLocale } from '../i18n';
import { RECORDS_PAGE_SIZE } from '../../shared/limits';
import { pagedList } from '../model/paged';
import { onShownAgain } from '../model/shown-again';

/** @example const { list, end } = useNearEnd(myFeedback, signedIn) */
export const myFeedback = pagedList((cursor) => request(feedbackList, { cursor, limit: RECORDS_PAGE_SIZE, locale: pageLocale() }));

/**
 * Loads from the first page now and each time the page is shown again (back from a detail kept in
 * the bfcache, or the app resumed): the marks may be stale.
 * @returns a function that stops following
 * @example useEffect(() => (signedIn ? watchMyFeedback() : undefined), [signedIn, locale])
 */
export function watchMyFeedback(): () => void {
  void myFeedback.reload();
  return onShownAgain(() => void myFeedback.reload());
}
