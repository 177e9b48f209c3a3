/** /submit-success: the playlist is with the editors, and when they will have reviewed it. */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { submissionStatus } from '../../lib/api/endpoints/submission';
import { command } from '../../lib/bridge';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import { musicText } from './text';
import './music.css';

type Submission = NonNullable<DataOf<typeof submissionStatus>['open']>;

export default function SubmitSuccess() {
  const t = useText(musicText);
  const locale = useStore($locale);
  const session = useStore($session);
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const [submission, setSubmission] = useState<Submission | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (session !== 'signed-in') return;
    request(submissionStatus, {})
      .then(({ open, last }) => setSubmission(open ?? last))
      .catch((error) => setFailure(messageKey(error)));
  }, [session]);

  const done = () => {
    if (!command('finishPage').ok) history.back();
  };
  return (
    <div class="music submitted" role="status">
      <span class="submitted-mark" aria-hidden="true">
        ✓
      </span>
      <h2>{t('music.submittedTitle')}</h2>
      {submission ? (
        <p>{t('music.submittedBody', { name: submission.name, date: formatDate(submission.reviewBy, locale, { timeZone, style: 'long' }) })}</p>
      ) : failure ? (
        <p class="music-failure">{t(failure)}</p>
      ) : (
        <p class="skeleton submitted-skeleton" aria-hidden="true" />
      )}
      <button type="button" class="button music-continue" onClick={done}>
        {t('music.done')}
      </button>
    </div>
  );
}
