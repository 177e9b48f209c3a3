/** /submit-success: the playlist is with the editors, and when they will have reviewed it (src/lib/music/submitted.ts). */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { $submitted, finish, loadSubmitted } from '../../lib/music/submitted';
import { $selfInfo } from '../../lib/stores/self-info';
import '../ui/placeholder.css';
import './music.css';
import { usePage } from '../ui/page';

export default function SubmitSuccess() {
  const { t, locale, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const submitted = useStore($submitted);
  const submission = dataOf(submitted);

  useEffect(() => {
    if (signedIn) void loadSubmitted();
  }, [signedIn]);

  return (
    <div className="music submitted" role="status">
      <span className="submitted-mark" aria-hidden="true">
        ✓
      </span>
      <h2>{t('music.submittedTitle')}</h2>
      {submission ? (
        <p>{t('music.submittedBody', { name: submission.name, date: formatDate(submission.reviewBy, locale, { timeZone, style: 'long' }) })}</p>
      ) : submitted.state === 'failed' ? (
        <p className="music-failure">{t(submitted.error)}</p>
      ) : (
        <p className="skeleton submitted-skeleton" aria-hidden="true" />
      )}
      <button type="button" className="button music-continue" onClick={finish}>
        {t('music.done')}
      </button>
    </div>
  );
}
