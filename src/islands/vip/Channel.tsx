/**
 * /channel: the order summary and the host's payment methods, then the pay flow (src/lib/vip).
 * WeChat only when it is installed; the method selector only when the host supports choosing.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type * as v from 'valibot';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import { vipPlans, type plan as planSchema } from '../../lib/api/endpoints/vip';
import { onHost } from '../../lib/bridge';
import { PAY_REFUSALS } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref, queryParam } from '../../lib/nav';
import { payMethods } from '../../lib/pay/methods';
import { $session, watchSession } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { showToast } from '../../lib/stores/ui';
import type { Purchase } from '../../lib/vip/pay-deps';
import type { Outcome as PayOutcome } from '../../lib/vip/checkout';
import { useText } from '../ui/text';
import '../ui/controls.css';
import { planLabel, vipText } from './text';
import './vip.css';

type Plan = v.InferOutput<typeof planSchema>;

export default function Channel() {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const region = useStore($selfInfo).dev_region;
  const planId = useMemo(() => queryParam('plan', /^[\w-]{1,40}$/), []);
  const [plan, setPlan] = useState<Plan | null | 'missing'>(null);
  const [available, setAvailable] = useState(true);
  const [method, setMethod] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PayOutcome | null>(null);

  const { methods, selectable } = useMemo(() => (planId ? payMethods(planId) : { methods: [], selectable: false }), [planId, session]);

  // No sign-in gate on this route: the page reads the account itself; paying checks it again.
  useEffect(watchSession, []);
  useEffect(() => {
    if (session === 'checking') return;
    request(vipPlans, { region })
      .then(({ plans, paymentAvailable }) => {
        setPlan(plans.find((p) => p.id === planId) ?? 'missing');
        setAvailable(paymentAvailable);
      })
      .catch((error) => showToast(messageKey(error)));
  }, [session]);
  useEffect(() => setMethod((current) => current || String(methods[0]?.id ?? '')), [methods]);

  const purchase = (): Purchase => ({ plan: plan as Plan, payType: method, region, paymentAvailable: available });
  // The flow loads on the first tap (src/lib/vip/checkout.ts), not with the page.
  const flow = () => import('../../lib/vip/checkout');
  const attempts = () => import('../../lib/pay/attempt');
  // Loaded with the flow, so an ended purchase forgets its key before the page moves on.
  const finish = (result: PayOutcome, { endAttempt }: Awaited<ReturnType<typeof attempts>>) => {
    setOutcome(result);
    if (result.kind === 'paid' || result.kind === 'failed' || result.kind === 'abandoned') endAttempt((plan as Plan).id);
    if (result.kind === 'paid') location.replace(pageHref('vip-center', { order: result.status.order.orderId }));
    if (result.kind === 'failed') location.href = pageHref('payError', { plan: (plan as Plan).id });
    if (result.kind === 'abandoned') history.length > 1 ? history.back() : location.replace(pageHref('vip-center'));
  };
  const onPay = async () => {
    setBusy(true);
    try {
      const [{ checkout }, keys] = await Promise.all([flow(), attempts()]);
      finish(await checkout(keys.attemptFor((plan as Plan).id), purchase()), keys);
    } catch (error) {
      // The order could not be created, or the flow's code could not load (network): nothing was
      // charged, and the same attempt retries.
      showToast(messageKey(error));
    } finally {
      setBusy(false);
    }
  };
  const recheck = async () => {
    if (outcome?.kind !== 'pending') return;
    setBusy(true);
    const [{ recheck: again }, keys] = await Promise.all([flow(), attempts()]);
    finish(await again(outcome.orderId, purchase()), keys);
    setBusy(false);
  };
  // Back from the provider's cashier with a payment still unconfirmed: ask the server again.
  useEffect(() => onHost('onResume', () => void recheck()), [outcome]);

  if (plan === 'missing' || !planId) return <p class="vip-failure">{t('vip.planMissing')}</p>;
  if (!plan) return null;
  const refused = outcome?.kind === 'refused' ? PAY_REFUSALS[outcome.code] : !available ? 'error.payRegion' : null;

  return (
    <div class="vip hero">
      <h2 class="vip-heading">{t('vip.summary')}</h2>
      <dl class="vip-summary">
        <dt>{t('vip.plan')}</dt>
        <dd>{planLabel(plan, t)}</dd>
        <dt>{t('vip.amount')}</dt>
        <dd>{formatPrice(plan.price, plan.currency, locale)}</dd>
      </dl>
      <h2 class="vip-heading">{t('vip.method')}</h2>
      {methods.length === 0 ? (
        <p>{t('vip.noMethods')}</p>
      ) : (
        <fieldset class="vip-methods" disabled={!selectable || busy}>
          <legend class="page-title">{t('vip.method')}</legend>
          {(selectable ? methods : methods.slice(0, 1)).map((m) => (
            <label class="vip-method">
              <input type="radio" name="method" value={String(m.id)} checked={String(m.id) === method} onChange={() => setMethod(String(m.id))} />
              {m.icon && /^(https:|data:image\/)/.test(m.icon) && <img src={m.icon} alt="" />}
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {refused && <p class="vip-failure" role="alert">{t(refused)}</p>}
      {outcome?.kind === 'pending' ? (
        <p class="vip-banner" role="status">
          {t('vip.pending')}{' '}
          <button type="button" class="link" disabled={busy} onClick={recheck}>{t('vip.checkAgain')}</button>
        </p>
      ) : (
        <button
          type="button"
          class="button vip-buy"
          disabled={busy || !method || !available}
          onClick={onPay}
          data-track="vip.pay"
          data-track-props={JSON.stringify({ plan: planId })}
        >
          {busy ? t('vip.confirming') : t('vip.payNow')}
        </button>
      )}
      <p class="vip-notice">{t('notice.benefitsDelay')}</p>
      <p class="vip-notice">{t('notice.funds')}</p>
    </div>
  );
}
