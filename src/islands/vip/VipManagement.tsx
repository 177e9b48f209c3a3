/**
 * /vip-management: the membership as the server knows it (plan, expiry, days left), links to
 * auto-renewal, redeeming and buying, and the history of membership orders. What each tier gives
 * follows it, drawn by the page with no JS (./parts/BenefitTable.tsx).
 * Rendered on the server with placeholders; the server's state replaces them once the session is known.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate, formatPrice } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { onShownAgain } from '../../lib/model/shown-again';
import { pageHref } from '../../lib/nav';
import { $isMember } from '../../lib/stores/membership';
import { $selfInfo } from '../../lib/stores/self-info';
import { $orders, loadOrders } from '../../lib/vip/history';
import { loadMembership } from '../../lib/vip/membership';
import { $plans, loadPlans } from '../../lib/vip/plans';
import { useHydrated } from '../ui/hydrated';
import { usePage } from '../ui/page';
import { MembershipCard } from './parts/MembershipCard';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { planLabel } from './parts/plan-words';
import './vip.css';

const STATE_KEY = { paid: 'vip.orderPaid', failed: 'vip.orderFailed', cancelled: 'vip.orderCancelled', created: 'vip.orderCreated' } as const;

const load = () => {
  // The server's membership wins over what the host last said (it may not know of a redeemed code).
  void loadMembership();
  void loadOrders();
  void loadPlans(true);
};

export default function VipManagement() {
  const { t, locale, session, signedIn } = usePage();
  const hydrated = useHydrated();
  const member = useStore($isMember);
  const orders = useStore($orders);
  const offer = useStore($plans);
  const plans = dataOf(offer)?.plans;
  const timeZone = useStore($selfInfo).dev_timezone;
  const time = (seconds: number) => formatDate(seconds, locale, { timeZone: timeZone || undefined, style: 'datetime' });
  // Again whenever the app shows the page: a code redeemed or a plan bought elsewhere meanwhile.
  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    return onShownAgain(load);
  }, [session]);

  const history = plans ? (dataOf(orders) ?? null) : null;
  const failure = orders.state === 'failed' ? orders.error : offer.state === 'failed' ? offer.error : null;
  const planName = (id: string) => {
    const plan = plans?.find((p) => p.id === id);
    return plan ? planLabel(plan, t) : id;
  };

  return (
    <div className="vip">
      <MembershipCard signedIn={signedIn} showTier />

      {/* Links are written once the page runs: they carry the page's locale and host parameters. */}
      <nav className="vip-links" aria-label={t('vip.manage')}>
        <a className="button" href={hydrated ? pageHref('vip-center') : undefined}>
          {t(signedIn && member ? 'vip.extend' : 'vip.getVip')}
        </a>
        <a className="vip-link" href={hydrated ? pageHref('renewal-management') : undefined}>
          {t('vip.manageRenewal')}
        </a>
        <a className="vip-link" href={hydrated ? pageHref('exchange-members') : undefined}>
          {t('vip.redeemCode')}
        </a>
      </nav>

      <h2 className="vip-heading">{t('vip.orders')}</h2>
      {failure ? (
        <Failure className="vip-failure" message={t(failure)} retry={t('vip.retry')} onRetry={load} />
      ) : !history ? (
        <p className="vip-order skeleton" aria-hidden="true" />
      ) : history.length === 0 ? (
        <p className="vip-empty">{t('vip.noOrders')}</p>
      ) : (
        <ul className="vip-orders">
          {history.map((o) => (
            <li key={o.orderId} className="vip-order">
              <span className="vip-order-plan">{planName(o.planId)}</span>
              <span className="vip-order-amount">{formatPrice(o.amount, o.currency, locale)}</span>
              <span className="vip-order-date">{time(o.paidAt ?? o.createdAt)}</span>
              <span className={`vip-order-state is-${o.state}`}>{t(STATE_KEY[o.state])}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
