/**
 * The membership at the top of /vip-center and /vip-management, from the shared membership store:
 * days left and expiry, or "not a member" and when it expired; above them what the page adds (the
 * user, on /vip-center). A placeholder of the same size until the session is known, so nothing below
 * moves; signed out, it says to sign in.
 */
import { useStore } from '../../ui/use-store';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { $daysLeft, $isMember, $membership } from '../../../lib/stores/membership';
import { $selfInfo } from '../../../lib/stores/self-info';
import { usePage } from '../../ui/page';

interface Props {
  /** Hydrated and signed in: before that the card is a placeholder. */
  signedIn: boolean;
  /** Hydrated and known to be signed out: the card says to sign in instead of a placeholder. */
  signedOut?: boolean;
  /** Name the tier before the days left ("SVIP · Days left: 9"). */
  showTier?: boolean;
  /** A first row of the page's own, room kept for it. */
  user?: ReactNode;
}

/**
 * The tier a member has, as the host or the server says it ("0", as some app versions send it, is not SVIP).
 * @example tierOf(useStore($membership).svipType) // 'SVIP'
 */
export const tierOf = (svipType: string | number | null) => (Number(svipType) > 0 ? 'SVIP' : 'VIP');

export function MembershipCard({ signedIn, signedOut = false, showTier = false, user }: Props) {
  const { t, locale } = usePage();
  const member = useStore($isMember);
  const daysLeft = useStore($daysLeft);
  const { svipType, userInfo_ } = useStore($membership);
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const expiresAt = userInfo_?.vip.valid_time ?? 0;
  const date = formatDate(expiresAt, locale, { timeZone, style: 'long' });
  const days = t('vip.daysLeft', { days: daysLeft });

  return (
    <section className={`vip-card hero${signedIn && member ? ' is-member' : ''}${user ? ' has-user' : ''}`} aria-live="polite">
      {user}
      {!signedIn ? (
        signedOut ? (
          <p className="vip-state">{t('vip.signInToSee')}</p>
        ) : (
          // Until the session is known, a placeholder; outside the app (<html data-session="no-app">,
          // set before paint) vip.css shows the second line instead, painted with the page and kept
          // as it is when the page hydrates.
          <>
            <p className="vip-state skeleton vip-state-wait" aria-hidden="true" />
            <p className="vip-outside">{t('vip.openAppToSee')}</p>
          </>
        )
      ) : member ? (
        <>
          <p className="vip-state">{showTier ? `${tierOf(svipType)} · ${days}` : days}</p>
          <p className="vip-expiry">{t('vip.expiresOn', { date })}</p>
        </>
      ) : (
        <>
          <p className="vip-state">{t('vip.notMember')}</p>
          {expiresAt > 0 && <p className="vip-expiry">{t('vip.expiredOn', { date })}</p>}
        </>
      )}
    </section>
  );
}
