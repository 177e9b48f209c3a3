/**
 * /vip-management: the membership as the server knows it (plan, expiry, days left), the benefits,
 * links to auto-renewal, redeeming and buying, and the history of membership orders.
 * Rendered on the server with placeholders; the server's state replaces them once the session is known.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import type * as v from 'valibot';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { vipOrders, vipPlans, vipStatus, type order as orderSchema, type plan as planSchema } from '../../lib/api/endpoints/vip';
import { formatDate, formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $isMember } from '../../lib/stores/membership';
import { $selfInfo } from '../../lib/stores/self-info';
import { syncMembership } from '../../lib/vip/membership';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import { MembershipCard } from './parts/MembershipCard';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { planLabel, vipText } from './text';
import './vip.css';

type Order = v.InferOutput<typeof orderSchema>;
type Plan = v.InferOutput<typeof planSchema>;
interface History {
  orders: Order[];
  plans: Plan[];
}

const STATE_KEY = { paid: 'vip.orderPaid', failed: 'vip.orderFailed', cancelled: 'vip.orderCancelled', created: 'vip.orderCreated' } as const;
const BENEFITS = ['vip.benefitLossless', 'vip.benefitDownload', 'vip.benefitVipSongs', 'vip.benefitNoTrial'];

export default function VipManagement() {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const hydrated = useHydrated();
  const signedIn = hydrated && session === 'signed-in';
  const member = useStore($isMember);
  const { dev_region: region, dev_timezone: timeZone } = useStore($selfInfo);
  const [history, setHistory] = useState<History | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const time = (seconds: number) => formatDate(seconds, locale, { timeZone: timeZone || undefined, style: 'datetime' });

  const load = () => {
    setFailure(null);
    // The server's membership wins over what the host last said (it may not know of a redeemed code).
    request(vipStatus, {})
      .then(({ membership: current }) => syncMembership(current))
      .catch(() => undefined);
    Promise.all([request(vipOrders, {}), request(vipPlans, { region })])
      .then(([{ orders }, { plans }]) => setHistory({ orders, plans }))
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session === 'signed-in') load();
  }, [session]);

  const planName = (id: string) => {
    const plan = history?.plans.find((p) => p.id === id);
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
      ) : history.orders.length === 0 ? (
        <p class="vip-empty">{t('vip.noOrders')}</p>
      ) : (
        <ul class="vip-orders">
          {history.orders.map((o) => (
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
