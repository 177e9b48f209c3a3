/**
 * /vip-management: the membership as the server knows it (plan, expiry, days left), the benefits,
 * links to auto-renewal, redeeming and buying, and the history of membership orders.
 * Rendered on the server with placeholders; the server's state replaces them once the session is known.
 */
import { useStore } from '@nanostores/preact';
import { useEffect } from 'preact/hooks';
import { formatDate, formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { dataOf } from '../../lib/model/loadable';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $isMember } from '../../lib/stores/membership';
import { $selfInfo } from '../../lib/stores/self-info';
import { $orders, loadOrders } from '../../lib/vip/history';
import { loadMembership } from '../../lib/vip/membership';
import { $plans, loadPlans } from '../../lib/vip/plans';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import { MembershipCard } from './parts/MembershipCard';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { planLabel, vipText } from './text';
import './vip.css';

const STATE_KEY = { paid: 'vip.orderPaid', failed: 'vip.orderFailed', cancelled: 'vip.orderCancelled', created: 'vip.orderCreated' } as const;
const BENEFITS = ['vip.benefitLossless', 'vip.benefitDownload', 'vip.benefitVipSongs', 'vip.benefitNoTrial'] as const;

const load = () => {
  // The server's membership wins over what the host last said (it may not know of a redeemed code).
  void loadMembership();
  void loadOrders();
  void loadPlans(true);
};

export default function VipManagement() {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const hydrated = useHydrated();
  const signedIn = hydrated && session === 'signed-in';
  const member = useStore($isMember);
  const orders = useStore($orders);
  const offer = useStore($plans);
  const plans = dataOf(offer)?.plans;
  const timeZone = useStore($selfInfo).dev_timezone;
  const time = (seconds: number) => formatDate(seconds, locale, { timeZone: timeZone || undefined, style: 'datetime' });
  useEffect(() => {
    if (session === 'signed-in') load();
  }, [session]);

  const history = plans ? (dataOf(orders) ?? null) : null;
  const failure = orders.state === 'failed' ? orders.error : offer.state === 'failed' ? offer.error : null;
  const planName = (id: string) => {
    const plan = plans?.find((p) => p.id === id);
    return plan ? planLabel(plan, t) : id;
  };

  return (
    <div class="vip">
      <MembershipCard signedIn={signedIn} showTier />

      {/* Links are written once the page runs: they carry the page's locale and host parameters. */}
      <nav class="vip-links" aria-label={t('vip.manage')}>
        <a class="button" href={hydrated ? pageHref('vip-center') : undefined}>
          {t(signedIn && member ? 'vip.extend' : 'vip.getVip')}
        </a>
        <a class="vip-link" href={hydrated ? pageHref('renewal-management') : undefined}>
          {t('vip.manageRenewal')}
        </a>
        <a class="vip-link" href={hydrated ? pageHref('exchange-members') : undefined}>
          {t('vip.redeemCode')}
        </a>
      </nav>

      <h2 class="vip-heading">{t('vip.benefits')}</h2>
      <ul class="vip-benefits">
        {BENEFITS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2 class="vip-heading">{t('vip.orders')}</h2>
      {failure ? (
        <Failure class="vip-failure" message={t(failure)} retry={t('vip.retry')} onRetry={load} />
      ) : !history ? (
        <p class="vip-order skeleton" aria-hidden="true" />
      ) : history.length === 0 ? (
        <p class="vip-empty">{t('vip.noOrders')}</p>
      ) : (
        <ul class="vip-orders">
          {history.map((o) => (
            <li key={o.orderId} class="vip-order">
              <span class="vip-order-plan">{planName(o.planId)}</span>
              <span class="vip-order-amount">{formatPrice(o.amount, o.currency, locale)}</span>
              <span class="vip-order-date">{time(o.paidAt ?? o.createdAt)}</span>
              <span class={`vip-order-state is-${o.state}`}>{t(STATE_KEY[o.state])}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
