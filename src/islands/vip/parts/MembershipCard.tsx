/**
 * The membership at the top of /vip-center and /vip-management, from the shared membership store:
 * days left and expiry, or "not a member" and when it expired. A placeholder of the same size until
 * the session is known, so nothing below moves.
 */
import { useStore } from '@nanostores/preact';
import { formatDate } from '../../../lib/format';
import { $locale } from '../../../lib/i18n';
import { $daysLeft, $isMember, $membership } from '../../../lib/stores/membership';
import { $selfInfo } from '../../../lib/stores/self-info';
import { useText } from '../../ui/text';
import { vipText } from '../text';

interface Props {
  /** Hydrated and signed in: before that the card is a placeholder. */
  signedIn: boolean;
  /** Name the tier before the days left ("SVIP · Days left: 9"). */
  showTier?: boolean;
}

export function MembershipCard({ signedIn, showTier = false }: Props) {
  const t = useText(vipText);
  const locale = useStore($locale);
  const member = useStore($isMember);
  const daysLeft = useStore($daysLeft);
  const { svipType, userInfo_ } = useStore($membership);
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const expiresAt = userInfo_?.vip.valid_time ?? 0;
  const date = formatDate(expiresAt, locale, { timeZone, style: 'long' });
  const days = t('vip.daysLeft', { days: daysLeft });

  return (
    <section class={`vip-card hero${signedIn && member ? ' is-member' : ''}`} aria-live="polite">
      {!signedIn ? (
        <p class="vip-state skeleton" aria-hidden="true" />
      ) : member ? (
        <>
          <p class="vip-state">{showTier ? `${svipType ? 'SVIP' : 'VIP'} · ${days}` : days}</p>
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
