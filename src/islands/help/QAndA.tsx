/**
 * /q-and-a and /detail-questions: a question's answer (the `id` query, allow-listed), "was this
 * helpful?" sent once, and related questions. /detail-questions without an id lists the playback
 * questions. The page title is the `title` query, set by the shell as text.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { helpHome, helpQuestion, helpVote } from '../../lib/api/endpoints/help';
import { $locale } from '../../lib/i18n';
import { pageHref, queryParam } from '../../lib/nav';
import { $session } from '../../lib/session';
import { formText } from '../forms/text';
import { Failure } from '../ui/parts/Failure';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import { helpText } from './text';
import './help.css';

type Answer = DataOf<typeof helpQuestion>;
type Ref = { id: string; question: string };

const QUESTION_ID = /^[a-z0-9-]{1,64}$/;

/** Links to questions; each carries its text as the next page's title. */
function QuestionList({ questions }: { questions: Ref[] }) {
  return (
    <ul class="help-list">
      {questions.map((q) => (
        <li key={q.id}>
          <a href={pageHref('q-and-a', { id: q.id, title: q.question })}>{q.question}</a>
        </li>
      ))}
    </ul>
  );
}

export default function QAndA({ page }: { page: 'question' | 'playback' }) {
  const t = useText({ ...helpText, ...formText });
  const locale = useStore($locale);
  const session = useStore($session);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [playback, setPlayback] = useState<Ref[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [vote, setVote] = useState<boolean | null>(null);
  const [voting, setVoting] = useState(false);
  // Two taps can land before a render: a ref, not the state, keeps the vote to one request.
  const sent = useRef(false);

  const load = () => {
    setFailure(null);
    const id = queryParam('id', QUESTION_ID);
    if (!id && page === 'playback') {
      request(helpHome, { locale })
        .then((home) => setPlayback(home.categories.find((c) => c.id === 'playback')?.questions ?? []))
        .catch((error) => setFailure(messageKey(error)));
      return;
    }
    if (!id) return setFailure('error.noContent');
    request(helpQuestion, { id, locale })
      .then((found) => {
        setAnswer(found);
        setVote(found.vote);
      })
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session === 'signed-in') load();
  }, [session, locale]);

  const send = async (helpful: boolean) => {
    if (!answer || vote !== null || sent.current) return;
    sent.current = true;
    setVoting(true);
    setVote(helpful);
    try {
      // The first vote counts: the answer says which one the server kept.
      setVote((await request(helpVote, { id: answer.question.id, helpful })).helpful);
    } catch (error) {
      sent.current = false;
      setVote(null);
      setFailure(messageKey(error));
    } finally {
      setVoting(false);
    }
  };

  if (failure && !answer && !playback) {
    const retry = failure !== 'error.noContent';
    return <div class="help">{retry ? <Failure class="help-failure" message={t(failure)} retry={t('form.retry')} onRetry={load} /> : <p class="empty">{t(failure)}</p>}</div>;
  }
  if (playback) {
    return (
      <div class="help">
        <QuestionList questions={playback} />
      </div>
    );
  }
  if (!answer) {
    return (
      <div class="help" aria-busy="true">
        <div class="answer skeleton" />
      </div>
    );
  }
  const { question } = answer;
  return (
    <div class="help">
      <article class="answer">
        <p class="answer-category">{question.categoryTitle}</p>
        <h2>{question.question}</h2>
        {question.answer.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>
            {paragraph}
          </p>
        ))}
      </article>
      <div class="vote" role="group" aria-label={t('help.helpful')}>
        <p>{t('help.helpful')}</p>
        <button type="button" aria-pressed={vote === true} disabled={vote !== null || voting} onClick={() => send(true)}>
          {t('help.yes')}
        </button>
        <button type="button" aria-pressed={vote === false} disabled={vote !== null || voting} onClick={() => send(false)}>
          {t('help.no')}
        </button>
        {vote === true && <p role="status">{t('help.thanksHelpful')}</p>}
        {vote === false && (
          <p role="status">
            {t('help.thanksNotHelpful')} <a href={pageHref('feedback')}>{t('help.writeFeedback')}</a>
          </p>
        )}
      </div>
      {failure && <p class="help-failure" role="alert">{t(failure)}</p>}
      {answer.related.length > 0 && (
        <>
          <h2 class="help-heading">{t('help.related')}</h2>
          <QuestionList questions={answer.related} />
        </>
      )}
    </div>
  );
}
