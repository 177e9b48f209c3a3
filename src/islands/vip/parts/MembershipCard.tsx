/**
 * The membership at the top of /vip-center and /vip-management, from the shared membership store: who
 * (avatar and nickname from the app), the tier of a member, days left and expiry, or "not a member"
 * and when it expired. A placeholder of the same size until the session is known, so nothing below
 * moves; signed out, it says to sign in.
 */
import { useStore } from '@nanostores/preact';
import { useState } from 'preact/hooks';
import { formatDate } from '../../../lib/format';
import { $locale } from '../../../lib/i18n';
import { $daysLeft, $isMember, $membership } from '../../../lib/stores/membership';
import { $selfInfo } from '../../../lib/stores/self-info';
import { useText } from '../../ui/text';
import { vipText } from '../text';

interface Props {
  /** Hydrated and signed in: before that the card is a placeholder. */
  signedIn: boolean;
  /** Hydrated and known to be signed out: the card says to sign in instead of a placeholder. */
  signedOut?: boolean;
  /** Name the tier before the days left ("SVIP · Days left: 9"). */
  showTier?: boolean;
}

/** The app's avatar URL only when it is https (never javascript:, data: or http:), else ''. */
function httpsOnly(url: string | undefined): string {
  try {
    return url && new URL(url).protocol === 'https:' ? url : '';
  } catch {
    return '';
  }
}

export function MembershipCard({ signedIn, signedOut = false, showTier = false }: Props) {
  const t = useText(vipText);
  const locale = useStore($locale);
  const member = useStore($isMember);
  const daysLeft = useStore($daysLeft);
  const { svipType, userInfo_ } = useStore($membership);
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const [broken, setBroken] = useState('');
  const expiresAt = userInfo_?.vip.valid_time ?? 0;
  const date = formatDate(expiresAt, locale, { timeZone, style: 'long' });
  const days = t('vip.daysLeft', { days: daysLeft });
  // The host sends the tier as a number or a string ("0" is not SVIP).
  const tier = Number(svipType) > 0 ? 'SVIP' : 'VIP';
  const nickname = userInfo_?.nickname ?? '';
  const avatar = httpsOnly(userInfo_?.avatar);
  const initial = [...nickname.trim()][0]?.toUpperCase() ?? '';

  return (
    <section class={`vip-card hero${signedIn && member ? ' is-member' : ''}`} aria-live="polite">
      <p class="vip-user">
        {!signedIn ? (
          <span class="vip-avatar skeleton" aria-hidden="true" />
        ) : avatar && avatar !== broken ? (
          <img class="vip-avatar" src={avatar} alt="" referrerpolicy="no-referrer" onError={() => setBroken(avatar)} />
        ) : (
          <span class="vip-avatar" aria-hidden="true">
            {initial}
          </span>
        )}
        {signedIn && <span class="vip-nickname">{nickname}</span>}
        {signedIn && member && <span class="vip-badge">{tier}</span>}
      </p>
      {!signedIn ? (
        signedOut ? (
          <p class="vip-state">{t('vip.signInToSee')}</p>
        ) : (
          <p class="vip-state skeleton" aria-hidden="true" />
        )
      ) : member ? (
        <>
          <p class="vip-state">{showTier ? `${tier} · ${days}` : days}</p>
          <p class="vip-expiry">{t('vip.expiresOn', { date })}</p>
        </>
      ) : (
        <>
          <p class="vip-state">{t('vip.notMember')}</p>
          {expiresAt > 0 && <p class="vip-expiry">{t('vip.expiredOn', { date })}</p>}
        </>
      )}
    </section>
  );
}
