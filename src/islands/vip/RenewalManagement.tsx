/**
 * /renewal-management: auto-renewal per plan, with the next charge date and amount. Turning it off or
 * back on asks first, and the server's answer is what the switch then shows. A plan the user never
 * subscribed to is offered through the pay flow (/channel), which is where auto-renewal is agreed to.
 * The server's HTML is the placeholder; everything else is drawn after the settings arrive.
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatPrice } from '../../shared/format';
import { dataOf } from '../../lib/model/loadable';
import { onShownAgain } from '../../lib/model/shown-again';
import { pageHref } from '../../lib/nav';
import { $selfInfo } from '../../lib/stores/self-info';
import { $vipStatus, loadMembership, type Renewal } from '../../lib/vip/membership';
import { $plans, loadPlans, type Plan } from '../../lib/vip/plans';
import { $switching, switchRenewal } from '../../lib/vip/renewal';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { dateIn, planLabel, unitKey } from './parts/plan-words';
import './vip.css';
import { usePage } from '../ui/page';

const load = () => {
  void loadPlans(true);
  void loadMembership();
};

export default function RenewalManagement() {
  const { t, locale, session } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone;
  const offer = useStore($plans);
  const status = useStore($vipStatus);
  const busy = useStore($switching);
  const date = dateIn(locale, timeZone);
  // Again whenever the app shows the page: a code redeemed or a plan bought elsewhere meanwhile.
  useEffect(() => {
    if (session !== 'signed-in') return;
    load();
    return onShownAgain(load);
  }, [session]);

  const failure = offer.state === 'failed' ? offer.error : status.state === 'failed' ? status.error : null;
  const plans = dataOf(offer)?.plans.filter((p) => p.autoRenew);
  const renewals = dataOf(status)?.renewals;
  const settings = plans && renewals ? { plans, renewals } : null;
  // Turning on agrees to charges: the dialog names the amount, the period, the next charge's date and
  // the auto-renewal it turns off (one at a time), by the ledger's rules (src/shared/vip/ledger.ts).
  const toggle = (plan: Plan, renewal: Renewal) => {
    if (renewal.on) return switchRenewal(plan.id, { on: false });
    const other = settings!.renewals.find((r) => r.on && r.planId !== plan.id);
    const otherPlan = other && settings!.plans.find((p) => p.id === other.planId);
    return switchRenewal(plan.id, {
      on: true,
      tier: plan.tier,
      membership: dataOf(status)!.membership,
      terms: (at) => ({
        plan: planLabel(plan, t),
        amount: formatPrice(renewal.amount, renewal.currency, locale),
        period: t(unitKey(plan.period)),
        date: date(at),
        other: otherPlan ? planLabel(otherPlan, t) : '',
      }),
    });
  };

  if (failure) {
    return <Failure className="vip-failure hero" message={t(failure)} retry={t('vip.retry')} onRetry={load} />;
  }
  if (!settings) {
    return (
      <ul className="vip-renewals hero" aria-busy="true">
        <li className="vip-renewal skeleton" aria-hidden="true" />
      </ul>
    );
  }
  const subscribed = settings.plans.filter((p) => settings.renewals.some((r) => r.planId === p.id));
  const others = settings.plans.filter((p) => !subscribed.includes(p));
  // Reached with the server's plans and renewals only: what the page is for (the `useful` mark).
  return (
    <div className="vip hero" data-useful="">
      {subscribed.length === 0 && <p className="vip-empty">{t('vip.renewalNone')}</p>}
      <ul className="vip-renewals">
        {subscribed.map((plan) => {
          const renewal = settings.renewals.find((r) => r.planId === plan.id)!;
          const name = planLabel(plan, t);
          return (
            <li key={plan.id} className="vip-renewal">
              <div>
                <p className="vip-renewal-plan" id={`renewal-${plan.id}`}>
                  {name}
                </p>
                <p className="vip-renewal-detail">
                  {renewal.on && renewal.nextChargeAt !== null
                    ? t('vip.nextCharge', {
                        date: date(renewal.nextChargeAt),
                        amount: formatPrice(renewal.amount, renewal.currency, locale),
                      })
                    : t('vip.renewalOff')}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                className="switch"
                aria-checked={renewal.on}
                aria-labelledby={`renewal-${plan.id}`}
                disabled={busy !== null}
                onClick={() => toggle(plan, renewal)}
              />
            </li>
          );
        })}
      </ul>
      {others.length > 0 && (
        <>
          <h2 className="vip-heading">{t('vip.renewalOthers')}</h2>
          <ul className="vip-renewals">
            {others.map((plan) => (
              <li key={plan.id} className="vip-renewal">
                <div>
                  <p className="vip-renewal-plan">{planLabel(plan, t)}</p>
                  <p className="vip-renewal-detail">{formatPrice(plan.price, plan.currency, locale)}</p>
                </div>
                <a className="button" href={pageHref('channel', { plan: plan.id })}>
                  {t('vip.subscribe')}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
