/**
 * /vip-center: the user's membership (not activated, active, just activated, just renewed) and the
 * plans from the backend, with their limited-time offers. Buying goes to /channel; signed out, the
 * plans and prices still show (the plan list is public) and buying asks to sign in first. Under the
 * buy button, the agreements, linked with the shell's parameters so they open with their back bar.
 * The benefits and the notice are static HTML (src/components/vip/VipBenefits.astro).
 * Rendered on the server too: until the session and the plans are known it shows placeholders of the
 * same size, so the static part below never moves (no layout shift).
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import { formatDate, formatPrice } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { dataOf } from '../../lib/model/loadable';
import { pageHref, queryParam } from '../../lib/nav';
import { openWelfareCenter } from '../../lib/vip/links';
import { $session, signIn } from '../../lib/session';
import { $isMember, $membership } from '../../lib/stores/membership';
import { $selfInfo } from '../../lib/stores/self-info';
import { $activation, showOrder } from '../../lib/vip/center';
import { loadMembership } from '../../lib/vip/membership';
import { $plans, defaultPlan, loadPlans, type Plan } from '../../lib/vip/plans';
import { useHydrated } from '../ui/hydrated';
import { useText } from '../ui/text';
import { MembershipCard, tierOf } from './parts/MembershipCard';
import '../ui/controls.css';
import { Failure } from '../ui/parts/Failure';
import '../ui/placeholder.css';
import { periodKey, planLabel, vipText } from './text';
import './vip.css';

// Day, month, quarter, year: the usual offer, so the placeholders take the plans' place.
const PLACEHOLDERS = [0, 1, 2, 3];
// A sign-in asked for by the buy button is under way: a second tap waits for it.
let signingIn = false;

/**
 * Who is signed in, from the app: the avatar only as an https image (never javascript:, data: or
 * http:; else, or when it does not load, the nickname's initial), the nickname as text, a member's tier.
 */
function User({ signedIn }: { signedIn: boolean }) {
  const member = useStore($isMember);
  const { svipType, userInfo_ } = useStore($membership);
  const [broken, setBroken] = useState('');
  const nickname = userInfo_?.nickname ?? '';
  const avatar = userInfo_?.avatar ?? '';
  return (
    <p class="vip-user">
      {!signedIn ? (
        <span class="vip-avatar skeleton" aria-hidden="true" />
      ) : /^https:\/\//i.test(avatar) && avatar !== broken ? (
        <img class="vip-avatar" src={avatar} alt="" referrerpolicy="no-referrer" onError={() => setBroken(avatar)} />
      ) : (
        <span class="vip-avatar" aria-hidden="true">
          {[...nickname.trim()][0]?.toUpperCase()}
        </span>
      )}
      {signedIn && <span class="vip-nickname">{nickname}</span>}
      {signedIn && member && <span class="vip-badge">{tierOf(svipType)}</span>}
    </p>
  );
}

/** An agreement under the buy button: its title (the page's, from the layout) and its route. */
export interface Agreement {
  label: string;
  path: 'vip_license' | 'auto_renewal';
  /** The plain link the server writes (locale prefix only), until the page runs. */
  href: string;
}

export default function VipCenter({ agreements = [] }: { agreements?: Agreement[] }) {
  const t = useText(vipText);
  const locale = useStore($locale);
  const session = useStore($session);
  const hydrated = useHydrated();
  const signedIn = hydrated && session === 'signed-in';

  const member = useStore($isMember);
  const offer = useStore($plans);
  const banner = useStore($activation);
  const timeZone = useStore($selfInfo).dev_timezone;
  const [tier, setTier] = useState<Plan['tier']>('vip');
  const [selected, setSelected] = useState<string | null>(null);
  const date = (seconds: number) => formatDate(seconds, locale, { timeZone: timeZone || undefined, style: 'long' });
  const price = (p: Plan, cents = p.price) => formatPrice(cents, p.currency, locale);

  useEffect(() => {
    if (session === 'checking') return;
    // The plans are public: a signed-out user sees what membership costs before signing in.
    void loadPlans();
    if (session !== 'signed-in') return;
    // The server's membership wins over the host's, here as on every page that shows it.
    void loadMembership();
    // Back from a paid order (/channel sends ?order=): the server says what it bought.
    const orderId = queryParam('order', /^o-[\w-]{1,40}$/);
    if (orderId) void showOrder(orderId);
  }, [session]);

  const plans = dataOf(offer)?.plans ?? null;
  const failure = offer.state === 'failed' ? offer.error : null;
  const tiers = plans ? [...new Set(plans.map((p) => p.tier))] : [];
  const shown = plans?.filter((p) => p.tier === tier) ?? [];
  const chosen = plans?.find((p) => p.id === (selected ?? defaultPlan(plans)?.id) && p.tier === tier) ?? shown[0];
  const offerEnds = chosen?.offerEndsAt && chosen.original > chosen.price ? chosen.offerEndsAt : null;
  // Signed out, buying asks to sign in first (the app's sign-in, one at a time), then goes on to pay.
  const buyAfterSignIn = async (event: Event, href: string) => {
    if (session !== 'signed-out') return;
    event.preventDefault();
    if (signingIn) return;
    signingIn = true;
    const now = await signIn().finally(() => (signingIn = false));
    if (now === 'signed-in') location.assign(href);
  };
  const planName = (id: string) => {
    const p = plans?.find((x) => x.id === id);
    return p ? planLabel(p, t) : id;
  };

  return (
    <div class="vip">
      <MembershipCard signedIn={signedIn} signedOut={hydrated && session === 'signed-out'} user={<User signedIn={signedIn} />} />

      {banner && (
        <p class="vip-banner" role="status">
          {t(banner.key, { plan: planName(banner.planId), date: date(banner.expiresAt) })}
        </p>
      )}

      <h2 class="vip-heading">{t('vip.plans')}</h2>
      {failure && <Failure class="vip-failure" message={t(failure)} retry={t('vip.retry')} onRetry={() => loadPlans(true)} />}
      {/* The tier tabs are drawn even for one tier: they name it, and keep the plans in place. */}
      <div class="vip-tiers" role="tablist" aria-busy={!plans}>
        {plans ? (
          tiers.map((name) => (
            <button type="button" role="tab" aria-selected={name === tier} class="vip-tier" onClick={() => setTier(name)}>
              {name.toUpperCase()}
            </button>
          ))
        ) : (
          <span class="vip-tier skeleton" aria-hidden="true" />
        )}
      </div>
      {!(failure && !plans) && (
        <ul class="vip-plans" aria-busy={!plans}>
          {plans
            ? shown.map((p) => (
                <li>
                  <button
                    type="button"
                    class="vip-plan"
                    aria-pressed={p.id === chosen?.id}
                    onClick={() => setSelected(p.id)}
                    data-track="vip.plan"
                    data-track-on="exposure click"
                    data-track-props={JSON.stringify({ plan: p.id })}
                  >
                    <span class="vip-plan-period">{t(periodKey(p.period))}</span>
                    <span class="vip-plan-price">{price(p)}</span>
                    {p.original > p.price && (
                      <s class="vip-plan-original" aria-label={t('vip.originalPrice', { price: price(p, p.original) })}>
                        {price(p, p.original)}
                      </s>
                    )}
                    {p.autoRenew ? (
                      <span class="vip-plan-tag">{t('vip.autoRenew')}</span>
                    ) : (
                      p.offerEndsAt && p.original > p.price && <span class="vip-plan-tag is-offer">{t('vip.limitedTag')}</span>
                    )}
                  </button>
                </li>
              ))
            : PLACEHOLDERS.map((key) => <li key={key} class="vip-plan skeleton" aria-hidden="true" />)}
        </ul>
      )}

      {/* Always there (empty when the chosen plan is no offer), so choosing a plan moves nothing. */}
      <p class="vip-offer">{offerEnds ? t('vip.offerEnds', { date: formatDate(offerEnds, locale, { timeZone: timeZone || undefined }) }) : ''}</p>

      {chosen ? (
        <a
          class="button vip-buy"
          href={pageHref('channel', { plan: chosen.id })}
          onClick={(event) => void buyAfterSignIn(event, pageHref('channel', { plan: chosen.id }))}
          data-track="vip.buy"
          data-track-props={JSON.stringify({ plan: chosen.id })}
        >
          {t(member ? 'vip.renew' : 'vip.buy', { price: price(chosen) })}
        </a>
      ) : (
        <span class="button vip-buy skeleton" aria-hidden="true" />
      )}
      {agreements.length > 0 && (
        <p class="vip-agreements">
          {t('vip.agreements')}{' '}
          {agreements.map((a, i) => (
            <>
              {i > 0 && ' · '}
              {/* With the shell's parameters (status_height…) once the page runs: the agreement opens with its back bar. */}
              <a href={hydrated ? pageHref(a.path) : a.href}>{a.label}</a>
            </>
          ))}
        </p>
      )}
      <button type="button" class="link" onClick={openWelfareCenter}>
        {t('vip.rewards')}
      </button>
    </div>
  );
}
