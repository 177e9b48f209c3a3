/**
 * One feedback of the user's (/my-detail, /my-detail2; the `id` query, allow-listed): what was sent,
 * and the thread with support. Opening it marks support's replies read on the server.
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { feedbackDetail } from '../../shared/api/endpoints/feedback';
import { pageLocale } from '../i18n';
import { isContentId } from '../../shared/id';
import { fill, loading, type Loadable } from '../model/loadable';

export type Thread = DataOf<typeof feedbackDetail>;
export type ThreadMessage = Thread['messages'][number];

export const $thread = atom<Loadable<Thread>>(loading());

/**
 * Loads the feedback the page's `id` names; without a valid one there is nothing to show.
 * @example await loadThread()
 */
export async function loadThread(): Promise<void> {
  const id = new URLSearchParams(location.search).get('id');
  if (!isContentId(id)) return $thread.set({ state: 'failed', error: 'error.noContent' });
  await fill($thread, () => request(feedbackDetail, { id, locale: pageLocale() }), { keep: true });
}

/**
 * The user's follow-up went through: it ends the thread, and support has it in hand again.
 * @example <FollowUp onSent={addFollowUp} />
 */
export function addFollowUp(message: ThreadMessage): void {
  const current = $thread.get();
  if (current.state !== 'ready') return;
  const { feedback, messages } = current.data;
  $thread.set({ state: 'ready', data: { feedback: { ...feedback, state: 'inProgress' }, messages: [...messages, message] } });
}
