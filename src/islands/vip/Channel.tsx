/**
 * /channel: the order summary and the host's payment methods; paying runs the VIP purchase model
 * (src/lib/vip/purchase.ts). WeChat only when it is installed; the method selector only when the
 * host supports choosing.
 */
import { useStore } from '../ui/use-store';
import { useEffect, useMemo, useState } from 'react';
import { formatPrice } from '../../lib/format';
import { dataOf } from '../../lib/model/loadable';
import { pageHref, queryParam } from '../../lib/nav';
import { payMethods } from '../../lib/pay/methods';
import { watchSession } from '../../lib/session';
import { showToast } from '../../lib/stores/ui';
import { $plans, loadPlans } from '../../lib/vip/plans';
import { $vipPurchase, payPlan, recheckPlan, watchPlanPayment } from '../../lib/vip/purchase';
import { useLater } from '../ui/use-later';
import '../ui/controls.css';
import { planLabel } from './text';
import './vip.css';
import { usePage } from '../ui/page';

export default function Channel() {
  // Drawn only in the browser: what it shows comes from the query, which the server cannot see. The
  // server's copy is empty, as a client:only island's would be; client:painted lets an old engine
  // load it from the legacy chunks (src/components/shell/painted.ts), which client:only cannot.
  if (import.meta.env.SSR) return null;
  const { t, locale, session } = usePage();
  const offer = useStore($plans);
  const purchase = useStore($vipPurchase);
  const planId = useMemo(() => queryParam('plan', /^[\w-]{1,40}$/), []);
  const [method, setMethod] = useState<string>('');
  const { methods, selectable } = useMemo(() => (planId ? payMethods(planId) : { methods: [], selectable: false }), [planId, session]);

  // No sign-in gate on this route: the page reads the account itself; paying checks it again.
  useEffect(watchSession, []);
  useEffect(watchPlanPayment, []);
  // Its code only outside the app.
  const openInApp = useLater(() => import('../ui/prompts/OpenInApp').then((m) => m.OpenInApp));
  useEffect(() => {
    if (session === 'no-app') openInApp.load();
  }, [session]);
  useEffect(() => {
    if (session !== 'checking') void loadPlans();
  }, [session]);
  useEffect(() => {
    if (offer.state === 'failed') showToast(offer.error);
  }, [offer]);
  useEffect(() => setMethod((current) => current || String(methods[0]?.id ?? '')), [methods]);
  // Where a finished purchase leads.
  useEffect(() => {
    if (purchase.state === 'paid') location.replace(pageHref('vip-center', { order: purchase.orderId }));
    if (purchase.state === 'failed') {
      const { orderId, message } = purchase;
      void import('../../lib/vip/purchase-failure').then(({ failurePage }) => (location.href = failurePage(planId ?? '', orderId, message)));
    }
    if (purchase.state === 'cancelled') history.length > 1 ? history.back() : location.replace(pageHref('vip-center'));
  }, [purchase.state]);

  // Outside the app nothing can be paid: the summary, and the prompt to open this page in the app.
  const outside = session === 'no-app';
  const prompt = outside && openInApp.Part ? <openInApp.Part /> : null;
  const plans = dataOf(offer);
  const plan = plans?.plans.find((p) => p.id === planId);
  if (!planId || (plans && !plan))
    return (
      <>
        <p className="vip-failure">{t('vip.planMissing')}</p>
        {prompt}
      </>
    );
  if (!plans || !plan) return prompt;
  const busy = purchase.state === 'paying' || purchase.state === 'checking';
  const refused = purchase.state === 'refused' ? purchase.error : !plans.paymentAvailable ? 'error.payRegion' : null;
  const pending = purchase.state === 'pending' || purchase.state === 'checking';

  return (
    <div className="vip hero">
      <h2 className="vip-heading">{t('vip.summary')}</h2>
      <dl className="vip-summary">
        <dt>{t('vip.plan')}</dt>
        <dd>{planLabel(plan, t)}</dd>
        <dt>{t('vip.amount')}</dt>
        <dd>{formatPrice(plan.price, plan.currency, locale)}</dd>
      </dl>
      {prompt}
      {!outside && <h2 className="vip-heading">{t('vip.method')}</h2>}
      {outside ? null : methods.length === 0 ? (
        <p>{t('vip.noMethods')}</p>
      ) : (
        <fieldset className="vip-methods" disabled={!selectable || busy}>
          <legend className="page-title">{t('vip.method')}</legend>
          {(selectable ? methods : methods.slice(0, 1)).map((m) => (
            <label className={String(m.id) === method ? 'vip-method is-checked' : 'vip-method'}>
              <input type="radio" name="method" value={String(m.id)} checked={String(m.id) === method} onChange={() => setMethod(String(m.id))} />
              {m.icon && /^(https:|data:image\/)/.test(m.icon) && <img src={m.icon} alt="" />}
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {refused && !outside && (
        <p className="vip-failure" role="alert">
          {t(refused)}
        </p>
      )}
      {outside ? null : pending ? (
        <p className="vip-banner" role="status">
          {t('vip.pending')}{' '}
          <button type="button" className="link" disabled={busy} onClick={recheckPlan}>
            {t('vip.checkAgain')}
          </button>
        </p>
      ) : (
        <button
          type="button"
          className="button vip-buy"
          disabled={busy || !method || !plans.paymentAvailable}
          onClick={() => payPlan(plan.id, method)}
          data-track="vip.pay"
          data-track-props={JSON.stringify({ plan: planId })}
        >
          {busy ? t('vip.confirming') : t('vip.payNow')}
        </button>
      )}
      <p className="vip-notice">{t('notice.benefitsDelay')}</p>
      <p className="vip-notice">{t('notice.funds')}</p>
    </div>
  );
}
