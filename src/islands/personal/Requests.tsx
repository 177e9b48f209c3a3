/**
 * /personalDataDownload.html and /personalDataDownload2.html: the user's export requests, newest
 * first, each with its state (requested, preparing, sent, expired) and dates, a link to the file while
 * it can be downloaded, and a new request when one is allowed. The second page is the overseas
 * policy's variant: it says so and links that policy. The requests are src/lib/personal/requests.ts.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import { $exports, loadExports } from '../../lib/personal/requests';
import { $selfInfo } from '../../lib/stores/self-info';
import { useHydrated } from '../ui/hydrated';
import '../ui/placeholder.css';
import { userTimeZone } from '../../lib/personal/time-zone';
import './personal.css';
import { usePage } from '../ui/page';

const STATE_KEY = {
  requested: 'personal.stateRequested',
  preparing: 'personal.statePreparing',
  sent: 'personal.stateSent',
  expired: 'personal.stateExpired',
} as const;

export default function Requests({ overseas }: { overseas: boolean }) {
  const { t, locale, signedIn } = usePage();
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const loaded = useStore($exports);
  const status = dataOf(loaded);
  const failure = loaded.state === 'failed' ? loaded.error : null;
  const date = (seconds: number) => formatDate(seconds, locale, { timeZone, style: 'datetime' });
  // Links carry the page's locale and shell query, known in the browser only.
  const hydrated = useHydrated();

  useEffect(() => {
    if (signedIn) void loadExports();
  }, [signedIn]);

  return (
    <div className="personal" data-useful={status ? '' : undefined}>
      {overseas && (
        <p className="personal-intro">
          {t('personal.overseasNote')} <a href={hydrated ? pageHref('privacy-policy_2.html') : undefined}>{t('personal.policy')}</a>
        </p>
      )}
      <h2 className="personal-intro">{t('personal.requestsTitle')}</h2>
      {failure && (
        <p className="personal-limit" role="alert">
          {t(failure)}
        </p>
      )}
      {!status && !failure && <div className="skeleton" aria-hidden="true" />}
      {status && status.exports.length === 0 && <p className="personal-intro">{t('error.noData')}</p>}
      {status && (
        <ul className="requests">
          {status.exports.map((e) => (
            <li key={e.id} className="request">
              <div className="request-head">
                <strong>{t('personal.requestedOn', { date: date(e.requestedAt) })}</strong>
                <span className={`request-state is-${e.state}`}>{t(STATE_KEY[e.state])}</span>
              </div>
              {e.sentAt !== null && <p>{t('personal.sentOn', { email: e.email, date: date(e.sentAt) })}</p>}
              {e.state === 'sent' && e.expiresAt !== null && (
                <p>
                  {t('personal.expiresOn', { date: date(e.expiresAt) })}{' '}
                  <a href={pageHref('AccountOrDevicePdf.html', { id: e.id })}>{t('personal.viewFile')}</a>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {status &&
        (status.nextAllowedAt === null ? (
          <a className="button" href={pageHref('private.html')}>
            {t('personal.requestAgain')}
          </a>
        ) : (
          <p className="personal-limit">{t('personal.limitNext', { date: date(status.nextAllowedAt) })}</p>
        ))}
    </div>
  );
}
