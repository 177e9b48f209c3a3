/**
 * The follow-up under a feedback's thread (/my-detail): one message, under 400 characters, sent once,
 * kept in a draft (one per feedback) until sent.
 */
import * as v from 'valibot';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { feedbackFollowUp } from '../../shared/api/endpoints/feedback';
import { draftAttempt, draftText } from '../forms/draft-fields';
import { createForm } from '../forms/form';
import { checkText } from '../../shared/forms/rules';
import { randomId } from '../../shared/id';

/** A message of the thread, as the server answers the follow-up. */
export type ThreadMessage = DataOf<typeof feedbackFollowUp>['message'];

interface FollowUpDraft {
  text: string;
  /** One key per message: a retry after a lost answer is the same message on the server. */
  attempt: string;
}

let feedbackId = '';

/** @example followUp.update({ text: 'It happens on Wi-Fi too.' }); await followUp.submit(); followUp.$result.get() // the message */
export const followUp = createForm<FollowUpDraft, string, ThreadMessage, 'text'>({
  schema: v.object({ text: draftText, attempt: draftAttempt }),
  empty: () => ({ text: '', attempt: randomId() }),
  check: ({ text }) => {
    const checked = checkText(text, { required: true });
    return checked.ok ? { ok: true, value: checked.text } : { ok: false, errors: { text: checked.error } };
  },
  send: async (text, { attempt }) => (await request(feedbackFollowUp, { id: feedbackId, text, attempt })).message,
});

/**
 * The form under this feedback, with its draft.
 * @example openFollowUp('fb-1')
 */
export function openFollowUp(id: string): void {
  feedbackId = id;
  followUp.open(`follow-up:${id}`);
}
