/**
 * /download: this cycle's download quota (used of total, when it resets or ends) for a member, or
 * why downloads need a membership and the way to /vip-center; then the download history, page by page.
 * A cached route that scrolls to the top when shown again: the figures are reloaded then.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { downloadHistory, downloadQuota } from '../../lib/api/endpoints/music';
import { onHost } from '../../lib/bridge';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { RECORDS_PAGE_SIZE } from '../../lib/limits';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { formText } from '../forms/text';
import { usePaged } from '../lists/use-paged';
import { Failure } from '../ui/parts/Failure';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import { musicText } from './text';
import './music.css';

type Status = DataOf<typeof downloadQuota>;

const QUALITY_KEY = { standard: 'music.qualityStandard', high: 'music.qualityHigh', lossless: 'music.qualityLossless' } as const;

export default function Download() {
  const t = useText({ ...musicText, ...formText });
  const locale = useStore($locale);
  const session = useStore($session);
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const [status, setStatus] = useState<Status | null>(null);
  const [statusFailure, setStatusFailure] = useState<string | null>(null);
  const { list, failure: pageFailure, load: loadPage, end, started } = usePaged(
    (cursor) => request(downloadHistory, { cursor, limit: RECORDS_PAGE_SIZE }),
    session === 'signed-in',
  );
  const date = (seconds: number, style: 'long' | 'datetime' = 'long') => formatDate(seconds, locale, { timeZone, style });

  const failure = statusFailure ?? pageFailure;
  const load = () => {
    setStatusFailure(null);
    request(downloadQuota, {})
      .then(setStatus)
      .catch((error) => setStatusFailure(messageKey(error)));
    void loadPage(true);
  };

  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    const again = (event: PageTransitionEvent) => event.persisted && load();
    addEventListener('pageshow', again);
    const off = onHost('onResume', load);
    return () => {
      removeEventListener('pageshow', again);
      off();
    };
  }, [session]);

  const quota = status?.quota;
  return (
    <div class="music">
      <section class="music-hero hero" aria-live="polite">
        {!status ? (
          <div class="quota-skeleton skeleton" aria-hidden="true" />
        ) : quota ? (
          <>
            <h2>{t('music.quotaTitle')}</h2>
            <p class="quota-left">{t('music.quotaLeft', { left: (quota.total - quota.used).toLocaleString(locale) })}</p>
            <progress max={quota.total} value={quota.used} aria-label={t('music.quotaUsed', { used: quota.used, total: quota.total })} />
            <p>{t('music.quotaUsed', { used: quota.used.toLocaleString(locale), total: quota.total.toLocaleString(locale) })}</p>
            <p>{quota.renews ? t('music.resetsOn', { date: date(quota.endsAt) }) : t('music.endsOn', { date: date(quota.endsAt) })}</p>
          </>
        ) : (
          <>
            <h2>{t('music.nonMemberTitle')}</h2>
            <p>{t('music.nonMemberBody')}</p>
            <a class="button music-join" href={pageHref('vip-center')}>
              {t('music.becomeMember')}
            </a>
          </>
        )}
      </section>
      <p class="music-rule">{t('music.quotaRule')}</p>

      <h2 class="music-heading">{t('music.history')}</h2>
      <ul class="downloads">
        {list.items.map((d) => (
          <li key={d.id} class="download">
            <span class="download-name">{d.name}</span>
            <span class="download-quality">{t(QUALITY_KEY[d.quality])}</span>
            <span class="download-artist">{d.artist}</span>
            <span class="download-time">{date(d.createdAt, 'datetime')}</span>
          </li>
        ))}
        {!started && !failure && [0, 1, 2].map((key) => <li key={key} class="download skeleton" aria-hidden="true" />)}
      </ul>
      {failure && <Failure class="music-failure" message={t(failure)} retry={t('form.retry')} onRetry={() => (statusFailure ? load() : void loadPage(!started))} />}
      {list.done && list.items.length === 0 && <p class="music-empty">{t('error.noData')}</p>}
      {list.done && list.items.length > 0 && <p class="music-empty">{t('music.end')}</p>}
      <div ref={end} />
    </div>
  );
}
