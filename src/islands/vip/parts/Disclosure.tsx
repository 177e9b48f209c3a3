/**
 * What a plan will do, next to its pay button on /vip-center and /channel, before the user pays:
 * what the user gets in the ledger's numbers (the days, their tier, until when, what happens to the
 * days they have), what they pay now, and for an auto-renewing plan the amount, the period, the
 * first renewal date, how to turn it off, the agreement, and the auto-renewal it replaces. Worked
 * out by src/lib/vip/disclosure.ts, the rules the server applies when the payment arrives. Until the
 * server's membership is known the lines wait, in a placeholder of their size; if it cannot be had,
 * they say why and offer to ask again.
 */
import type { ComponentChildren } from 'preact';
import { useStore } from '../../ui/use-store';
import { formatPrice } from '../../../shared/format';
import { dataOf } from '../../../lib/model/loadable';
import { pageHref } from '../../../lib/nav';
import { $selfInfo } from '../../../lib/stores/self-info';
import { disclose } from '../../../lib/vip/disclosure';
import { standing, NO_LEDGER } from '../../../shared/vip/ledger';
import { $vipStatus, loadMembership } from '../../../lib/vip/membership';
import type { Plan } from '../../../lib/vip/plans';
import { Failure } from '../../ui/parts/Failure';
import { usePage } from '../../ui/page';
import { dateIn, planLabel, unitKey } from './plan-words';
import { grantWords } from './grant-words';

const GETS_KEY = { activated: 'vip.getsActivated', extended: 'vip.getsExtended', upgraded: 'vip.getsUpgraded', queued: 'vip.getsQueued' } as const;

interface Props {
  plan: Plan;
  /** Every plan on offer: names the one whose auto-renewal this plan replaces. */
  plans: Plan[];
  /** Signed in: the server's membership decides the numbers. Signed out: as for a new member (paying asks to sign in first, and /channel says it again). */
  signedIn: boolean;
  /** The auto-renewal agreement's title (the page's, from the layout). */
  agreement: string;
  /** The pay button: drawn only with the terms, so nothing is paid before the page has said what it does. */
  children?: ComponentChildren;
}

export function Disclosure({ plan, plans, signedIn, agreement, children }: Props) {
  const { t, locale } = usePage();
  const status = useStore($vipStatus);
  const now = Math.floor(Date.now() / 1000);
  const date = dateIn(locale, useStore($selfInfo).dev_timezone);
  const price = (cents: number, currency: string) => formatPrice(cents, currency, locale);
  const known = dataOf(status);
  if (signedIn && !known) {
    return status.state === 'failed' ? (
      <Failure className="vip-failure" message={t(status.error)} retry={t('vip.retry')} onRetry={() => void loadMembership()} />
    ) : (
      <>
        <div className="vip-terms skeleton" aria-hidden="true" />
        <span className="button vip-buy skeleton" aria-hidden="true" />
      </>
    );
  }

  const membership = known?.membership ?? standing(NO_LEDGER, now);
  const { grant, after, pay, renewal, replaces } = disclose(plan, membership, known?.renewals ?? [], now);
  const replaced = replaces && plans.find((p) => p.id === replaces.planId);
  const every = t(unitKey(plan.period));

  return (
    <>
      {/* What the purchase does, with the server's membership: /channel's first screen is useful from here
          (the `useful` mark, src/layouts/reads-script.ts); /vip-center's already was, at its prices. */}
      <div className="vip-terms" role="note" data-useful="">
        {grantWords(t, locale, GETS_KEY, grant, after, date).map((line) => (
          <p>{line}</p>
        ))}
        <p className="vip-terms-pay">{t(renewal ? 'vip.payFirst' : 'vip.payOnce', { amount: price(pay.amount, pay.currency) })}</p>
        {renewal && (
          <>
            <p>{t('vip.renewTerms', { amount: price(renewal.amount, renewal.currency), period: every, date: date(renewal.firstChargeAt) })}</p>
            <p>
              {t('vip.stopAnyTime')} <a href={pageHref('renewal-management')}>{t('vip.manageRenewal')}</a>
            </p>
            <p>
              <a href={pageHref('auto_renewal')}>{agreement}</a>
            </p>
          </>
        )}
        {replaced && replaces && (
          <p className="vip-terms-replaces">
            {t('vip.replacesRenewal', { plan: planLabel(replaced, t), amount: price(replaces.amount, replaces.currency), period: t(unitKey(replaced.period)) })}
          </p>
        )}
      </div>
      {children}
    </>
  );
}
