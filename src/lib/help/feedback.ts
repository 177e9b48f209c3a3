/**
 * The feedback page (/feedback, /feedback2) before and after its form: the form's options from the
 * backend (the types in the user's language, the phone rule, whether a code is needed), what the
 * page was opened with from the player, and whether the feedback was sent. Light on purpose: the
 * form's model (./feedback-form) loads with the form, after the page's first paint.
 */
import { atom } from 'nanostores';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { feedbackConfig } from '../../shared/api/endpoints/feedback';
import { query } from '../bridge';
import { getPlayerState } from '../../shared/bridge/calls/player';
import { isContentId } from '../../shared/id';
import type { Locale } from '../../shared/locale';
import { fill, loading, type Loadable } from '../model/loadable';
import { pageHref } from '../nav';
import { FEEDBACK_TYPES, type FeedbackType } from '../../shared/help/feedback-types';

export type FeedbackConfig = DataOf<typeof feedbackConfig>;
export type { FeedbackType } from '../../shared/help/feedback-types';

/** @example dataOf($feedbackConfig.get())?.types */
export const $feedbackConfig = atom<Loadable<FeedbackConfig>>(loading());

/** The feedback went: the page shows "Feedback sent" and the way to My feedback. */
export const $feedbackSent = atom(false);

/**
 * The form (its own model, loaded later) says the feedback went.
 * @example <FeedbackForm onSent={markSent} … />
 */
export const markSent = (): void => $feedbackSent.set(true);

/**
 * Done, on "Feedback sent": back to where the user came from (the help centre), or, when the app
 * opened the form on its own (nothing to go back to), the WebView closes; outside the app, the help centre.
 * @example <button onClick={doneWithFeedback}>
 */
// Its code loads on the tap: outside the app and before it, the page has no use for it.
export const doneWithFeedback = (): void => void import('./close-page').then((m) => m.leavePage(() => pageHref('help-feedback')));

/**
 * The options in the user's language; what was shown stays while another locale's load.
 * @example await loadFeedbackConfig('en-US')
 */
export const loadFeedbackConfig = (locale: Locale): Promise<void> => fill($feedbackConfig, () => request(feedbackConfig, { locale }), { keep: true });

/** What the form starts with when opened from the player. */
export interface FeedbackOrigin {
  /** The type the query preselects (/feedback2): `music` unless it names another. */
  presetType: FeedbackType | null;
  /** The song playing (`getPlayerState`), which the user may attach, or null. */
  song: string | null;
}

/**
 * @example feedbackOrigin('player', '?type=interface') // { presetType: 'interface', song: 's04' } while s04 plays
 * @example feedbackOrigin('help', '') // { presetType: null, song: null }
 */
export function feedbackOrigin(page: 'help' | 'player', search: string): FeedbackOrigin {
  if (page !== 'player') return { presetType: null, song: null };
  const type = new URLSearchParams(search).get('type');
  const playing = query(getPlayerState).resourceId;
  const song = playing === undefined ? null : String(playing);
  return { presetType: FEEDBACK_TYPES.find((t) => t === type) ?? 'music', song: isContentId(song) ? song : null };
}
