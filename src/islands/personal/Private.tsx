/**
 * /private.html: request a copy of one's personal data, sent by e-mail as an encrypted PDF within 72
 * hours, once a day. The page says at once when today's request is used, with when the next is
 * allowed (src/lib/personal/requests.ts), and then offers no form; otherwise the form
 * (./parts/RequestForm), which loads meanwhile; then "request received".
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import { $exports, $sentTo, loadExports, markRequested } from '../../lib/personal/requests';
import { $selfInfo } from '../../lib/stores/self-info';
import { useLater } from '../ui/use-later';
import '../ui/placeholder.css';
import { userTimeZone } from '../../lib/personal/time-zone';
import './personal.css';
import { usePage } from '../ui/page';

export default function Private() {
  const { t, locale, session } = usePage();
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const exports = useStore($exports);
  const nextAllowedAt = dataOf(exports)?.nextAllowedAt ?? null;
  const sent = useStore($sentTo);
  // The form's code arrives while the page asks whether today's request is still free.
  const form = useLater(() => import('./parts/RequestForm').then((module) => module.RequestForm));
  const RequestForm = form.Part;
  // The server's answer: today's request used (the limit), or free (the form, once its code is here too).
  const useful = exports.state === 'ready' && (nextAllowedAt !== null || RequestForm !== null);

  useEffect(() => {
    if (session !== 'signed-in') return;
    void loadExports();
    form.load();
  }, [session]);

  if (sent) {
    return (
      <div className="personal personal-sent" data-useful={useful ? '' : undefined} role="status">
        <h2>{t('personal.sentTitle')}</h2>
        <p>{t('personal.sentBody', { email: sent })}</p>
        <a className="button" href={pageHref('personalDataDownload.html')}>
          {t('personal.viewRequests')}
        </a>
      </div>
    );
  }
  // Today's request used: the form is closed, so no code is sent for a request that would be refused.
  // Until the page knows, the form waits (a status that failed to load leaves it to the server).
  const known = exports.state !== 'loading' || nextAllowedAt !== null;
  return (
    <div className="personal" data-useful={useful ? '' : undefined}>
      <p className="personal-intro">{t('personal.requestIntro')}</p>
      {/* What the six-digit password holds off and what not (docs/security.md), drawn with the first
          paint: in the form's late hint it was the page's largest text, and its paint the page's LCP. */}
      <p className="personal-intro">{t('personal.passwordLimits')}</p>
      {nextAllowedAt !== null ? (
        // Each sentence its own line: the limit message has no full stop of its own in some locales.
        <div className="personal-limit" role="status">
          <p>{t('error.downloadLimit')}</p>
          <p>{t('personal.limitNext', { date: formatDate(nextAllowedAt, locale, { timeZone, style: 'datetime' }) })}</p>
          <a href={pageHref('personalDataDownload.html')}>{t('personal.viewRequests')}</a>
        </div>
      ) : RequestForm && known ? (
        <RequestForm onLimit={() => void loadExports()} onSent={markRequested} />
      ) : (
        <div className="skeleton personal-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
