/**
 * /my-feedback and /my-feedback1: the user's feedback (src/lib/help/my-feedback.ts), newest first,
 * each with its type, the start of its text, its state and a mark while support's reply is unread;
 * more load as the end comes into view; "No data" when there is none, with the way to give some. The `data1` query titles the
 * page "My feedback" (the shell does it). A cached route: coming back from a detail refreshes the marks.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { myFeedback, watchMyFeedback } from '../../lib/help/my-feedback';
import { pageHref } from '../../lib/nav';
import { $selfInfo } from '../../lib/stores/self-info';
import { useNearEnd } from '../lists/use-near-end';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { FEEDBACK_STATE_KEY } from '../../lib/help/feedback-state';
import './help.css';
import { usePage } from '../ui/page';

/** @param detail the page a feedback opens on: /my-feedback1 pairs with /my-detail2 */
export default function MyFeedback({ detail }: { detail: 'my-detail' | 'my-detail2' }) {
  const { t, locale, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const { list, end, started } = useNearEnd(myFeedback, signedIn);

  useEffect(() => (signedIn ? watchMyFeedback() : undefined), [signedIn, locale]);

  return (
    <div className="help" data-useful={started ? '' : undefined}>
      <ul className="feedback-list">
        {list.items.map((item) => (
          <li key={item.id}>
            <a className="feedback-item" href={pageHref(detail, { id: item.id })}>
              <span className="feedback-head">
                <strong>{item.typeLabel}</strong>
                <span className={`feedback-state is-${item.state}`}>
                  {item.unread && <span className="dot-mark" aria-hidden="true" />}
                  {t(FEEDBACK_STATE_KEY[item.state])}
                  {item.unread && <span className="visually-hidden"> · {t('help.newReply')}</span>}
                </span>
              </span>
              <span className="feedback-excerpt" dir="auto">
                {item.excerpt}
              </span>
              <span className="feedback-date">{formatDate(item.createdAt, locale, { timeZone, style: 'datetime' })}</span>
            </a>
          </li>
        ))}
        {!started && !list.failure && [0, 1, 2].map((key) => <li key={key} className="feedback-item skeleton" aria-hidden="true" />)}
      </ul>
      {list.failure && <Failure className="help-failure" message={t(list.failure)} retry={t('shell.retry')} onRetry={myFeedback.loadMore} />}
      {list.done && list.items.length === 0 && (
        <div className="empty">
          <p>{t('error.noData')}</p>
          <a className="button" href={pageHref('feedback')}>
            {t('help.writeFeedback')}
          </a>
        </div>
      )}
      {list.done && list.items.length > 0 && <p className="empty">{t('help.end')}</p>}
      <div ref={end} />
    </div>
  );
}
