/**
 * /k-report (a comment the host names) and /k-feedback (a song, lyrics, playlist or user the query
 * names): what is reported, shown from the host's words at once, then checked with the backend, and
 * where the page stands. Light on purpose: the form's model (./report-form) loads with the form.
 */
import type { MessageKey } from '../../shared/message-key';
import type { Locale } from '../../shared/locale';
import { atom } from 'nanostores';
import { messageKey } from '../api';
import { request } from '../request';
import { reportTarget as fetchTarget } from '../../shared/api/endpoints/report';
import { query } from '../bridge';
import { getKReportInfo } from '../../shared/bridge/calls/report';
import { reportTarget, type ReportTarget } from '../../shared/report/reasons';

export type { ReportTarget, TargetType } from '../../shared/report/reasons';

export type ReportState =
  | { state: 'loading' }
  /** The backend knows the content: the form can be filled in. */
  | { state: 'ready' }
  | { state: 'failed'; error: MessageKey }
  /** Removed, before or while the user wrote. */
  | { state: 'gone' }
  /** The host or the query names nothing that can be reported. */
  | { state: 'none' }
  /** Sent; `duplicate` when an earlier report of the user's on it is still open. */
  | { state: 'sent'; duplicate: boolean };

/** How a sent report ended, as the form (its own model, loaded later) tells the page. */
export type ReportOutcome = Extract<ReportState, { state: 'sent' | 'gone' }>;

/** What is reported: the host's words first, the backend's once it answered. */
export const $target = atom<ReportTarget | null>(null);
export const $report = atom<ReportState>({ state: 'loading' });
/** The page's locale, in which the backend names a playlist. */
let locale: Locale | undefined;

/**
 * Asks the backend whether the content still exists (again after a failure), and for its words.
 * @example await checkTarget()
 */
export async function checkTarget(): Promise<void> {
  const named = $target.get();
  if (!named) return;
  $report.set({ state: 'loading' });
  try {
    const { target: known } = await request(fetchTarget, { type: named.type, id: named.id, locale });
    $target.set({ ...named, title: known.title ?? named.title, detail: known.detail ?? named.detail });
    $report.set({ state: 'ready' });
  } catch (error) {
    const key = messageKey(error);
    $report.set(key === 'error.contentGone' ? { state: 'gone' } : { state: 'failed', error: key });
  }
}

/**
 * The form is done: thanks, or the content was removed while the user wrote.
 * @example <ReportForm onDone={finishReport} … />
 */
export const finishReport = (outcome: ReportOutcome): void => $report.set(outcome);

/**
 * What the host and the query name, read now: an island's first render draws it (the shell has
 * already filled the host's words into the page).
 * @example namedTarget('comment', location.search) // { type: 'comment', id: '42', title: 'so good' }
 */
export const namedTarget = (page: 'comment' | 'content', search: string): ReportTarget | null => reportTarget(page, search, query(getKReportInfo));

/**
 * What the page reports (the host's comment, or the query's content), shown at once, then checked.
 * @example await startReport('content', location.search, 'vi-VN')
 */
export function startReport(page: 'comment' | 'content', search: string, pageLocale: Locale): Promise<void> {
  locale = pageLocale;
  const named = namedTarget(page, search);
  $target.set(named);
  if (!named) {
    $report.set({ state: 'none' });
    return Promise.resolve();
  }
  return checkTarget();
}
