/**
 * /renewal-management: auto-renewal per plan, with the next charge date and amount. Turning it off or
 * back on asks first, and the server's answer is what the switch then shows. A plan the user never
 * subscribed to is offered through the pay flow (/channel), which is where auto-renewal is agreed to.
 * The server's HTML is the placeholder; everything else is drawn after the settings arrive.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import type * as v from 'valibot';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { vipPlans, vipSetRenewal, vipStatus, type plan as planSchema, type renewal as renewalSchema } from '../../lib/api/endpoints/vip';
import { formatDate, formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { confirmDialog, showToast } from '../../lib/stores/ui';
import { useText } from '../ui/text';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { planLabel, vipText } from './text';
import './vip.css';

type Plan = v.InferOutput<typeof planSchema>;
type Renewal = v.InferOutput<typeof renewalSchema>;
interface Settings {
  plans: Plan[];
  renewals: Renewal[];
}

export default function RenewalManagement() {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const { dev_region: region, dev_timezone: timeZone } = useStore($selfInfo);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = () => {
    setFailure(null);
    Promise.all([request(vipPlans, { region }), request(vipStatus, {})])
      .then(([{ plans }, { renewals }]) => setSettings({ plans: plans.filter((p) => p.autoRenew), renewals }))
      .catch((error) => setFailure(messageKey(error)));
  };
  useEffect(() => {
    if (session === 'signed-in') load();
  }, [session]);

  const toggle = async (plan: Plan, renewal: Renewal) => {
    const on = !renewal.on;
    const amount = formatPrice(renewal.amount, renewal.currency, locale);
    const agreed = await confirmDialog(
      on
        ? { titleKey: 'vip.turnOnTitle', messageKey: 'vip.turnOnMessage', params: { plan: planLabel(plan, t), amount }, confirmKey: 'vip.turnOn' }
        : { titleKey: 'vip.turnOffTitle', messageKey: 'vip.turnOffMessage', confirmKey: 'vip.turnOff', cancelKey: 'vip.keepOn' },
    );
    if (!agreed) return;
    setBusy(plan.id);
    try {
      const { renewals } = await request(vipSetRenewal, { planId: plan.id, on });
      setSettings((current) => current && { ...current, renewals });
      showToast(on ? 'vip.turnedOn' : 'vip.turnedOff');
    } catch (error) {
      showToast(messageKey(error));
    } finally {
      setBusy(null);
    }
  };

  if (failure) {
    return <Failure class="vip-failure hero" message={t(failure)} retry={t('vip.retry')} onRetry={load} />;
  }
  if (!settings) {
    return (
      <ul class="vip-renewals hero" aria-busy="true">
        <li class="vip-renewal skeleton" aria-hidden="true" />
      </ul>
    );
  }
  const subscribed = settings.plans.filter((p) => settings.renewals.some((r) => r.planId === p.id));
  const others = settings.plans.filter((p) => !subscribed.includes(p));
  return (
    <div class="vip hero">
      {subscribed.length === 0 && <p class="vip-empty">{t('vip.renewalNone')}</p>}
      <ul class="vip-renewals">
        {subscribed.map((plan) => {
          const renewal = settings.renewals.find((r) => r.planId === plan.id)!;
          const name = planLabel(plan, t);
          return (
            <li key={plan.id} class="vip-renewal">
              <div>
                <p class="vip-renewal-plan" id={`renewal-${plan.id}`}>
                  {name}
                </p>
                <p class="vip-renewal-detail">
                  {renewal.on && renewal.nextChargeAt !== null
                    ? t('vip.nextCharge', {
                        date: formatDate(renewal.nextChargeAt, locale, { timeZone: timeZone || undefined, style: 'long' }),
                        amount: formatPrice(renewal.amount, renewal.currency, locale),
                      })
                    : t('vip.renewalOff')}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                class="switch"
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
          <h2 class="vip-heading">{t('vip.renewalOthers')}</h2>
          <ul class="vip-renewals">
            {others.map((plan) => (
              <li key={plan.id} class="vip-renewal">
                <div>
                  <p class="vip-renewal-plan">{planLabel(plan, t)}</p>
                  <p class="vip-renewal-detail">{formatPrice(plan.price, plan.currency, locale)}</p>
                </div>
                <a class="button" href={pageHref('channel', { plan: plan.id })}>
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
