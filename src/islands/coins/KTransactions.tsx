/**
 * /k-transactions: coin records (src/lib/coins/history.ts), newest first, grouped by month, page by page;
 * pulling down at the top reloads from the first page; an error keeps what was already loaded and
 * offers a retry. A recharge pending for 30 minutes points to support.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useState } from 'preact/hooks';
import { coinRecords } from '../../lib/coins/history';
import { groupByMonth, overdue } from '../../lib/coins/records';
import { formatDate } from '../../shared/format';
import { onShownAgain } from '../../lib/model/shown-again';
import { pageHref } from '../../lib/nav';
import { $selfInfo } from '../../lib/stores/self-info';
import { useNearEnd } from '../lists/use-near-end';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import './coins.css';
import { usePage } from '../ui/page';

const KIND_KEY = { recharge: 'coins.kindRecharge', spend: 'coins.kindSpend', refund: 'coins.kindRefund' } as const;
const STATE_KEY = { pending: 'coins.statePending', credited: 'coins.stateCredited', failed: 'coins.stateFailed', cancelled: 'coins.stateCancelled' } as const;
// Only coins that moved look it: a pending, failed or cancelled recharge has no "+" and no green.
const credited = (r: { state: keyof typeof STATE_KEY }) => r.state === 'credited';
// How far the user pulls down at the top of the page before letting go reloads the list.
const PULL_PX = 64;

export default function KTransactions() {
  const { t, locale, session, signedIn } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const [pulled, setPulled] = useState(false);
  const { list, end, started } = useNearEnd(coinRecords, signedIn);
  const { loading, failure } = list;

  // Again from the first page whenever the app shows the page: a recharge may have been credited meanwhile.
  useEffect(() => {
    if (session !== 'signed-in') return;
    void coinRecords.reload();
    return onShownAgain(() => void coinRecords.reload());
  }, [session]);

  // Pull to refresh: a downward drag that starts at the top of the page. Registered once: the drag's
  // start lives in these listeners, and re-registering them whenever the list changed (a page of
  // records arriving mid-drag) forgot it, so the pull never armed.
  useEffect(() => {
    let startY: number | null = null;
    const onStart = (event: TouchEvent) => {
      startY = scrollY <= 0 ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => startY !== null && setPulled(event.touches[0]!.clientY - startY > PULL_PX);
    const onEnd = () => {
      setPulled((was) => {
        if (was) void coinRecords.reload();
        return false;
      });
      startY = null;
    };
    addEventListener('touchstart', onStart, { passive: true });
    addEventListener('touchmove', onMove, { passive: true });
    addEventListener('touchend', onEnd);
    return () => {
      removeEventListener('touchstart', onStart);
      removeEventListener('touchmove', onMove);
      removeEventListener('touchend', onEnd);
    };
  }, []);

  const now = Math.floor(Date.now() / 1000);
  const groups = groupByMonth(list.items, locale, timeZone);
  return (
    <div className="coins hero" data-useful={started ? '' : undefined}>
      {/* At the top, what a pull does: only a reload of the list shows here, never the next page. */}
      <p className={`records-pull${pulled || (loading === 'fresh' && started) ? ' is-shown' : ''}`} aria-hidden="true">
        {t(pulled ? 'coins.release' : 'coins.loading')}
      </p>
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`month-${group.key}`}>
          <h2 className="records-month" id={`month-${group.key}`}>
            {group.label}
          </h2>
          <ul className="records">
            {group.items.map((r) => (
              <li key={r.id} className="record">
                <span className="record-kind">{t(KIND_KEY[r.kind])}</span>
                <span
                  className={`record-coins is-${r.state}${credited(r) && r.coins > 0 ? ' is-in' : ''}`}
                >{`${credited(r) && r.coins > 0 ? '+' : ''}${r.coins.toLocaleString(locale)}`}</span>
                <span className="record-time">{formatDate(r.createdAt, locale, { timeZone, style: 'datetime' })}</span>
                <span className={`record-state is-${r.state}`}>{t(STATE_KEY[r.state])}</span>
                {overdue(r, now) && (
                  <p className="record-support">
                    {t('coins.overdue')} <a href={pageHref('help-feedback')}>{t('coins.support')}</a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {!started && !failure && (
        <ul className="records" aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <li key={key} className="record skeleton" aria-hidden="true" />
          ))}
        </ul>
      )}
      {failure && (
        <Failure
          className="coins-notice is-error"
          message={t(failure)}
          retry={t('coins.retry')}
          onRetry={() => void (started ? coinRecords.loadMore() : coinRecords.reload())}
        />
      )}
      {list.done && list.items.length === 0 && (
        <div className="records-empty">
          <p>{t('coins.noData')}</p>
          <a className="button" href={pageHref('k-recharge')}>
            {t('coins.goRecharge')}
          </a>
        </div>
      )}
      {list.done && list.items.length > 0 && <p className="records-end">{t('coins.end')}</p>}
      {loading === 'more' && (
        <p className="records-more" role="status">
          {t('coins.loading')}
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
