/**
 * /q-and-a and /detail-questions: a question's answer (src/lib/help/question.ts), "was this
 * helpful?" sent once, and related questions. /detail-questions without an id lists the playback
 * questions. The page title is the `title` query, set by the shell as text.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { guidesFor } from '../../lib/help/guides';
import { $question, $vote, loadQuestion, vote, type QuestionRef } from '../../lib/help/question';
import { pageHref } from '../../lib/nav';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import './help.css';
import { usePage } from '../ui/page';

/** Links to questions; each carries its text as the next page's title. */
function QuestionList({ questions }: { questions: QuestionRef[] }) {
  return (
    <ul className="help-list">
      {questions.map((q) => (
        <li key={q.id}>
          <a href={pageHref('q-and-a', { id: q.id, title: q.question })}>{q.question}</a>
        </li>
      ))}
    </ul>
  );
}

export default function QAndA({ page }: { page: 'question' | 'playback' }) {
  const { t, locale, session, signedIn } = usePage();
  const shown = useStore($question);
  const { helpful, sending, failure } = useStore($vote);
  const load = () => void loadQuestion(page);

  // The answers are public: they load outside the app and signed out too; a vote needs an account.
  useEffect(() => {
    if (session !== 'checking') load();
  }, [session, locale]);

  if (shown.state === 'failed') {
    const retry = shown.error !== 'error.noContent';
    // The server's "no content" for an unknown question is its empty state, the page's answer: `useful`.
    return (
      <div className="help" data-useful={retry ? undefined : ''}>
        {retry ? (
          <Failure className="help-failure" message={t(shown.error)} retry={t('shell.retry')} onRetry={load} />
        ) : (
          <p className="empty">{t(shown.error)}</p>
        )}
      </div>
    );
  }
  if (shown.state === 'loading') {
    return (
      <div className="help" aria-busy="true">
        <div className="answer skeleton" />
      </div>
    );
  }
  if (shown.data.kind === 'playback') {
    return (
      <div className="help" data-useful="">
        <QuestionList questions={shown.data.questions} />
      </div>
    );
  }
  const { question, related } = shown.data.answer;
  return (
    <div className="help" data-useful="">
      <article className="answer">
        <p className="answer-category">{question.categoryTitle}</p>
        <h2>{question.question}</h2>
        {question.answer.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
        {guidesFor([question.category]).map((guide) => (
          <p key={guide.route}>
            <a className="help-guide" href={pageHref(guide.route)}>
              {t(guide.label)}
            </a>
          </p>
        ))}
      </article>
      <div className="vote" role="group" aria-label={t('help.helpful')}>
        <p>{t('help.helpful')}</p>
        <button type="button" aria-pressed={helpful === true} disabled={!signedIn || helpful !== null || sending} onClick={() => vote(true)}>
          {t('help.yes')}
        </button>
        <button type="button" aria-pressed={helpful === false} disabled={!signedIn || helpful !== null || sending} onClick={() => vote(false)}>
          {t('help.no')}
        </button>
        {helpful === true && <p role="status">{t('help.thanksHelpful')}</p>}
        {helpful === false && (
          <p role="status">
            {t('help.thanksNotHelpful')} <a href={pageHref('feedback')}>{t('help.writeFeedback')}</a>
          </p>
        )}
      </div>
      {failure && (
        <p className="help-failure" role="alert">
          {t(failure)}
        </p>
      )}
      {related.length > 0 && (
        <>
          <h2 className="help-heading">{t('help.related')}</h2>
          <QuestionList questions={related} />
        </>
      )}
    </div>
  );
}
