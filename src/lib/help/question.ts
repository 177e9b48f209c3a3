/**
 * One question of the help centre (/q-and-a, /detail-questions): its answer (the `id` query,
 * allow-listed) with related questions, and "was this helpful?" sent once. /detail-questions without
 * an id lists the playback questions instead.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom } from 'nanostores';
import { messageKey, type DataOf } from '../api';
import { request } from '../request';
import { helpAnswer, helpCommon, helpQuestion, helpVote } from '../../shared/api/endpoints/help';
import { pageLocale } from '../i18n';
import { fill, loading, type Loadable } from '../model/loadable';
import { queryParam } from '../nav';
import { $session } from '../session';

export type Answer = DataOf<typeof helpQuestion>;
export type QuestionRef = Answer['related'][number];
export type QuestionPage = { kind: 'answer'; answer: Answer } | { kind: 'playback'; questions: QuestionRef[] };
export interface Vote {
  /** The vote the server kept (or the one on its way); null before any. */
  helpful: boolean | null;
  sending: boolean;
  /** The message key of a vote that did not go through. */
  failure: MessageKey | null;
}

const QUESTION_ID = /^[a-z0-9-]{1,64}$/;

export const $question = atom<Loadable<QuestionPage>>(loading());
export const $vote = atom<Vote>({ helpful: null, sending: false, failure: null });

/**
 * Loads the question the page's `id` names; without one, /detail-questions (`playback`) lists the
 * playback category and /q-and-a has nothing to show (`error.noContent`).
 * @example await loadQuestion('question')
 */
export async function loadQuestion(page: 'question' | 'playback'): Promise<void> {
  const id = queryParam('id', QUESTION_ID);
  const locale = pageLocale();
  if (!id && page === 'question') return $question.set({ state: 'failed', error: 'error.noContent' });
  await fill(
    $question,
    async (): Promise<QuestionPage> => {
      // The questions and answers are public: without a signed-in user, read without a vote.
      if (!id) {
        const home = await request(helpCommon, { locale });
        return { kind: 'playback', questions: home.categories.find((c) => c.id === 'playback')?.questions ?? [] };
      }
      const answer =
        $session.get() === 'signed-in' ? await request(helpQuestion, { id, locale }) : { ...(await request(helpAnswer, { id, locale })), vote: null };
      $vote.set({ helpful: answer.vote, sending: false, failure: null });
      return { kind: 'answer', answer };
    },
    // Another locale: the answer on screen stays until its translation arrives.
    { keep: true },
  );
}

/**
 * Sends "was this helpful?" once: shown at once, then as the server kept it (the first vote counts);
 * a vote that fails can be given again.
 * @example await vote(true)
 */
export async function vote(helpful: boolean): Promise<void> {
  const page = $question.get();
  // The store, not a render, guards: two taps before a redraw still send one vote.
  if (page.state !== 'ready' || page.data.kind !== 'answer' || $vote.get().helpful !== null) return;
  $vote.set({ helpful, sending: true, failure: null });
  try {
    const kept = await request(helpVote, { id: page.data.answer.question.id, helpful });
    $vote.set({ ...$vote.get(), helpful: kept.helpful });
  } catch (error) {
    $vote.set({ ...$vote.get(), helpful: null, failure: messageKey(error) });
  } finally {
    $vote.set({ ...$vote.get(), sending: false });
  }
}
