/**
 * What /channel draws once the plans are there, loaded while they are fetched rather than with the
 * page (so not first-load JavaScript: ../Channel.tsx imports it with `import()`): the order summary,
 * the host's payment methods (WeChat only when installed; the selector only when the host supports
 * choosing), what the purchase will do (../parts/Disclosure.tsx, which the pay button comes with), and
 * the pay button or, for a payment whose result is not known yet, "Check again" and support.
 */
import { useStore } from '../../ui/use-store';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { formatPrice } from '../../../shared/format';
import { pageHref } from '../../../lib/nav';
import type { PayMethod } from '../../../lib/pay/methods';
import type { Plan } from '../../../lib/vip/plans';
import { $vipPurchase, payPlan, recheckPlan } from '../../../lib/vip/purchase';
import { usePage } from '../../ui/page';
import { Disclosure } from '../parts/Disclosure';
import { planLabel } from '../parts/plan-words';

interface Props {
  plan: Plan;
  /** The host's payment methods (src/lib/pay/methods.ts), and whether it lets the user choose. */
  methods: PayMethod[];
  selectable: boolean;
  plans: Plan[];
  paymentAvailable: boolean;
  /** Outside the app: the summary and the prompt to open the app, nothing to pay with. */
  prompt: ComponentChildren;
  /** The auto-renewal agreement's title (the page's, from the layout). */
  agreement: string;
}

export function Checkout({ plan, methods, selectable, plans, paymentAvailable, prompt, agreement }: Props) {
  const { t, locale, session } = usePage();
  const purchase = useStore($vipPurchase);
  const [method, setMethod] = useState<string>('');
  useEffect(() => setMethod((current) => current || String(methods[0]?.id ?? '')), [methods]);

  const outside = session === 'no-app';
  const busy = purchase.state === 'paying' || purchase.state === 'checking';
  const refused = purchase.state === 'refused' ? purchase.error : !paymentAvailable ? 'error.payRegion' : null;
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
      {!outside && (
        <>
          <h2 className="vip-heading">{t('vip.method')}</h2>
          {methods.length === 0 ? (
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
          {refused && (
            <p className="vip-failure" role="alert">
              {t(refused)}
            </p>
          )}
          {/* A payment whose result is not known yet can always be asked about again, whatever the page
              knows of the membership; a new one is paid only with what it will do on screen. */}
          {pending ? (
            <div className="vip-banner" role="status">
              <p>{t('vip.pending')}</p>
              <p>
                <button type="button" className="link" disabled={busy} onClick={recheckPlan}>
                  {t('vip.checkAgain')}
                </button>
                {' · '}
                <a href={pageHref('help-feedback')}>{t('vip.support')}</a>
              </p>
            </div>
          ) : (
            <Disclosure plan={plan} plans={plans} signedIn={session === 'signed-in'} agreement={agreement}>
              <button
                type="button"
                className="button vip-buy"
                disabled={busy || !method || !paymentAvailable}
                onClick={() => payPlan(plan.id, method)}
                data-track="vip.pay"
                data-track-props={JSON.stringify({ plan: plan.id })}
              >
                {busy ? t('vip.confirming') : t('vip.payNow')}
              </button>
            </Disclosure>
          )}
        </>
      )}
      <p className="vip-notice">{t('notice.benefitsDelay')}</p>
      <p className="vip-notice">{t('notice.funds')}</p>
    </div>
  );
}
