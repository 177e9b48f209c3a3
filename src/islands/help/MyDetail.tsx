/**
 * /my-detail and /my-detail2: one feedback (src/lib/help/thread.ts) with what was sent along, and the
 * thread with support. Under it the follow-up form (./parts/FollowUp), loaded while the feedback is
 * fetched.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatFileSize } from '../../lib/file-size';
import { formatDate } from '../../shared/format';
import { $thread, addFollowUp, loadThread } from '../../lib/help/thread';
import { $selfInfo } from '../../lib/stores/self-info';
import { Failure } from '../ui/parts/Failure';
import { useLater } from '../ui/use-later';
import '../ui/placeholder.css';
import { FEEDBACK_STATE_KEY } from '../../lib/help/feedback-state';
import './help.css';
import { usePage } from '../ui/page';

export default function MyDetail() {
  const { t, locale, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const thread = useStore($thread);
  // The form's code arrives while the feedback is fetched.
  const form = useLater(() => import('./parts/FollowUp').then((module) => module.FollowUp));
  const FollowUp = form.Part;
  // The feedback, or the server's "no content" for one that is not there: its empty state, not a failure.
  const useful = thread.state === 'ready' || (thread.state === 'failed' && thread.error === 'error.noContent');
  const date = (seconds: number) => formatDate(seconds, locale, { timeZone, style: 'datetime' });

  const load = () => {
    void loadThread();
    form.load();
  };
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, locale]);

  if (thread.state !== 'ready') {
    const failure = thread.state === 'failed' ? thread.error : null;
    return (
      <div className="help" data-useful={useful ? '' : undefined} aria-busy={!failure}>
        {failure === 'error.noContent' ? (
          <p className="empty">{t(failure)}</p>
        ) : failure ? (
          <Failure className="help-failure" message={t(failure)} retry={t('shell.retry')} onRetry={load} />
        ) : (
          <div className="answer skeleton" />
        )}
      </div>
    );
  }
  const { feedback, messages } = thread.data;
  return (
    <div className="help" data-useful={useful ? '' : undefined}>
      <article className="answer">
        <div className="feedback-head">
          <strong>{feedback.typeLabel}</strong>
          <span className={`feedback-state is-${feedback.state}`}>{t(FEEDBACK_STATE_KEY[feedback.state])}</span>
        </div>
        <p dir="auto">{feedback.description}</p>
        {feedback.song && <p className="answer-category">{t('help.songAbout', { name: feedback.song.name, artist: feedback.song.artist })}</p>}
        {(feedback.attachments.length > 0 || feedback.screenshots.length > 0) && (
          <ul className="sent-files">
            {[...feedback.attachments, ...feedback.screenshots].map((file) => (
              <li key={file.id}>
                {file.name} <span className="upload-size">{formatFileSize(file.size, locale)}</span>
              </li>
            ))}
          </ul>
        )}
        {feedback.log && <p className="answer-category">{t('help.logAttached')}</p>}
        <p className="answer-category">{t('help.replyTo', { contact: feedback.contact })}</p>
        <p className="answer-category">{t('help.sentOn', { date: date(feedback.createdAt) })}</p>
      </article>

      <ol className="thread" aria-label={t('help.myFeedback')}>
        {messages.length === 0 && <li className="empty">{t('help.waiting')}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`bubble from-${m.from}`}>
            <span className="bubble-who">
              {t(m.from === 'support' ? 'help.support' : 'help.you')} · {date(m.at)}
            </span>
            <p dir="auto">{m.text}</p>
          </li>
        ))}
      </ol>

      {FollowUp && <FollowUp feedbackId={feedback.id} onSent={addFollowUp} />}
    </div>
  );
}
