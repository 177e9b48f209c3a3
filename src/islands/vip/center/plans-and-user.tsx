/**
 * What /vip-center draws from what it learns after it runs, loaded then rather than with the page (so
 * not first-load JavaScript: VipCenter imports it with `import()`); until it is there, VipCenter draws
 * placeholders of the same size.
 * - `Plans`, once the plans have arrived (its code loads while they are fetched): the tier tabs, the
 *   plans (limited-time tag), the chosen plan's offer end date in the host's time zone, and the buy
 *   button (signed out, it asks to sign in first, then goes on to /channel).
 * - `User`, once signed in: the avatar, nickname and a member's tier, from the app.
 */
import { useStore } from '../../ui/use-store';
import { useState } from 'preact/hooks';
import { formatDate, formatPrice } from '../../../shared/format';
import { pageHref } from '../../../lib/nav';
import { signIn } from '../../../lib/session';
import { $isMember, $membership } from '../../../lib/stores/membership';
import { $selfInfo } from '../../../lib/stores/self-info';
import { defaultPlan, type Plan } from '../../../lib/vip/plans';
import { BENEFITS } from '../../../shared/vip/benefits';
import { Disclosure } from '../parts/Disclosure';
import { tierOf } from '../parts/MembershipCard';
import { periodKey } from '../parts/plan-words';
import { usePage } from '../../ui/page';

interface Props {
  plans: Plan[];
  member: boolean;
  signedOut: boolean;
  /** Outside the app: the plans and prices, no buy button (the page's gate opens the app). */
  outside?: boolean;
  /** The auto-renewal agreement's title, linked beside an auto-renewing plan's terms. */
  agreement: string;
}

// A sign-in asked for by the buy button is under way: a second tap waits for it.
let signingIn = false;

export function Plans({ plans, member, signedOut, outside = false, agreement }: Props) {
  const { t, locale } = usePage();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  // A member lands on their own tier (an SVIP member renews SVIP, not VIP), until they pick a tab.
  const { svipType } = useStore($membership);
  const svipMember = member && Number(svipType) > 0;
  const [pickedTier, setTier] = useState<Plan['tier'] | null>(null);
  const tier = pickedTier ?? (svipMember ? 'svip' : 'vip');
  const [selected, setSelected] = useState<string | null>(null);
  const price = (p: Plan, cents = p.price) => formatPrice(cents, p.currency, locale);
  const tiers = [...new Set(plans.map((p) => p.tier))];
  const shown = plans.filter((p) => p.tier === tier);
  // Each tier starts on its month plan (the VIP month is the page's usual choice, spec §6).
  const chosen = plans.find((p) => p.id === selected && p.tier === tier) ?? defaultPlan(shown) ?? shown[0];
  const onOffer = (p: Plan) => p.offerEndsAt !== null && p.original > p.price;
  const href = chosen && pageHref('channel', { plan: chosen.id });

  const buy = async (event: Event) => {
    if (!signedOut || !href) return;
    event.preventDefault();
    if (signingIn) return;
    signingIn = true;
    const now = await signIn().finally(() => (signingIn = false));
    if (now === 'signed-in') location.assign(href);
  };

  return (
    <>
      {/* The tier tabs are drawn even for one tier: they name it, and keep the plans in place. */}
      <div className="vip-tiers" role="tablist">
        {tiers.map((name) => (
          <button type="button" role="tab" aria-selected={name === tier} className="vip-tier" onClick={() => setTier(name)}>
            {name.toUpperCase()}
          </button>
        ))}
      </div>
      {/* What SVIP's extra price buys (the benefits table, src/shared/vip/benefits.ts), where its plans are chosen. */}
      {tier === 'svip' && <p className="vip-tier-note">{t('vip.svipAdds', { svip: BENEFITS.svip.downloadsPerCycle, vip: BENEFITS.vip.downloadsPerCycle })}</p>}
      <ul className="vip-plans">
        {shown.map((p) => (
          <li>
            <button
              type="button"
              className="vip-plan"
              aria-pressed={p.id === chosen?.id}
              onClick={() => setSelected(p.id)}
              data-track="vip.plan"
              data-track-on="exposure click"
              data-track-props={JSON.stringify({ plan: p.id })}
            >
              <span className="vip-plan-period">{t(periodKey(p.period))}</span>
              <span className="vip-plan-price">{price(p)}</span>
              {p.original > p.price && (
                <s className="vip-plan-original" aria-label={t('vip.originalPrice', { price: price(p, p.original) })}>
                  {price(p, p.original)}
                </s>
              )}
              {p.autoRenew ? (
                <span className="vip-plan-tag">{t('vip.autoRenew')}</span>
              ) : (
                onOffer(p) && <span className="vip-plan-tag is-offer">{t('vip.limitedTag')}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {/* Always there (empty when the chosen plan is no offer), so choosing a plan moves nothing. */}
      <p className="vip-offer">{chosen && onOffer(chosen) ? t('vip.offerEnds', { date: formatDate(chosen.offerEndsAt!, locale, { timeZone }) }) : ''}</p>
      {outside ? null : chosen ? (
        // The buy button comes with what the plan will do (../parts/Disclosure.tsx).
        <Disclosure plan={chosen} plans={plans} signedIn={!signedOut} agreement={agreement}>
          <a
            className="button vip-buy"
            href={href}
            onClick={(event) => void buy(event)}
            data-track="vip.buy"
            data-track-props={JSON.stringify({ plan: chosen.id })}
          >
            {t(member && chosen.tier === (svipMember ? 'svip' : 'vip') ? 'vip.renew' : 'vip.buy', { price: price(chosen) })}
          </a>
        </Disclosure>
      ) : (
        <span className="button vip-buy skeleton" aria-hidden="true" />
      )}
    </>
  );
}

/**
 * Who is signed in, from the app: the avatar only as an https image (never javascript:, data: or
 * http:; else, or when it does not load, the nickname's initial), the nickname as text, a member's tier.
 */
export function User() {
  const member = useStore($isMember);
  const { svipType, userInfo_ } = useStore($membership);
  const [broken, setBroken] = useState('');
  const nickname = userInfo_?.nickname ?? '';
  const avatar = userInfo_?.avatar ?? '';
  return (
    <p className="vip-user">
      {/^https:\/\//i.test(avatar) && avatar !== broken ? (
        <img className="vip-avatar" src={avatar} alt="" referrerpolicy="no-referrer" onError={() => setBroken(avatar)} />
      ) : (
        <span className="vip-avatar" aria-hidden="true">
          {[...nickname.trim()][0]?.toUpperCase()}
        </span>
      )}
      <span className="vip-nickname">{nickname}</span>
      {member && <span className="vip-badge">{tierOf(svipType)}</span>}
    </p>
  );
}
