/**
 * /download: this cycle's download quota (used of total, when it resets or ends) for a member, or
 * why downloads need a membership and the way to /vip-center; then the download history, page by
 * page (src/lib/music/downloads.ts). A cached route that scrolls to the top when shown again: the
 * figures are reloaded then.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { $quota, downloads, retryDownloads, watchDownloads } from '../../lib/music/downloads';
import { findMusic } from '../../lib/music/find';
import { pageHref } from '../../lib/nav';
import { $selfInfo } from '../../lib/stores/self-info';
import { BENEFITS } from '../../shared/vip/benefits';
import { useNearEnd } from '../lists/use-near-end';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import './music.css';
import { usePage } from '../ui/page';

const QUALITY_KEY = { standard: 'music.qualityStandard', high: 'music.qualityHigh', lossless: 'music.qualityLossless' } as const;

export default function Download() {
  const { t, locale, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const status = useStore($quota);
  const { list, end, started } = useNearEnd(downloads, signedIn);
  const date = (seconds: number, style: 'long' | 'datetime' = 'long') => formatDate(seconds, locale, { timeZone, style });

  useEffect(() => (signedIn ? watchDownloads() : undefined), [signedIn]);

  const failure = status.state === 'failed' ? status.error : list.failure;
  const shown = dataOf(status);
  const quota = shown?.quota;
  const nonMember = (
    <>
      <h2>{t('music.nonMemberTitle')}</h2>
      <p>{t('music.nonMemberBody')}</p>
      <a className="button music-join" href={pageHref('vip-center')}>
        {t('music.becomeMember')}
      </a>
    </>
  );
  return (
    <div className="music" data-useful={shown ? '' : undefined}>
      <section className="music-hero hero" aria-live="polite">
        {!shown ? (
          // Before the server answers: both first screens, drawn on the server, the host's word on
          // membership choosing one before first paint (<html data-member>, music.css).
          <>
            <div className="when-member">
              <h2>{t('music.quotaTitle')}</h2>
              <div className="quota-skeleton skeleton" aria-hidden="true" />
            </div>
            <div className="when-not-member">{nonMember}</div>
          </>
        ) : quota ? (
          <>
            <h2>{t('music.quotaTitle')}</h2>
            <p className="quota-left">{t('music.quotaLeft', { left: (quota.total - quota.used).toLocaleString(locale) })}</p>
            <progress max={quota.total} value={quota.used} aria-label={t('music.quotaUsed', { used: quota.used, total: quota.total })} />
            <p>{t('music.quotaUsed', { used: quota.used.toLocaleString(locale), total: quota.total.toLocaleString(locale) })}</p>
            <p>{quota.renews ? t('music.resetsOn', { date: date(quota.endsAt) }) : t('music.endsOn', { date: date(quota.endsAt) })}</p>
          </>
        ) : (
          nonMember
        )}
      </section>
      <p className="music-rule">
        {t('music.quotaRule', {
          vip: BENEFITS.vip.downloadsPerCycle,
          svip: BENEFITS.svip.downloadsPerCycle,
          vipDay: BENEFITS.vip.downloadsPerDay,
          svipDay: BENEFITS.svip.downloadsPerDay,
        })}
      </p>

      <h2 className="music-heading">{t('music.history')}</h2>
      <ul className="downloads">
        {list.items.map((d) => (
          <li key={d.id} className="download">
            <span className="download-name">{d.name}</span>
            <span className="download-quality">{t(QUALITY_KEY[d.quality])}</span>
            <span className="download-artist">{d.artist}</span>
            <span className="download-time">{date(d.createdAt, 'datetime')}</span>
          </li>
        ))}
        {!started && !failure && [0, 1, 2].map((key) => <li key={key} className="download skeleton" aria-hidden="true" />)}
      </ul>
      {failure && <Failure className="music-failure" message={t(failure)} retry={t('shell.retry')} onRetry={retryDownloads} />}
      {list.done && list.items.length === 0 && (
        <div className="music-empty">
          <p>{t('music.noDownloads')}</p>
          <button type="button" className="button" onClick={findMusic}>
            {t('music.findSongs')}
          </button>
        </div>
      )}
      {list.done && list.items.length > 0 && <p className="music-empty">{t('music.end')}</p>}
      <div ref={end} />
    </div>
  );
}
