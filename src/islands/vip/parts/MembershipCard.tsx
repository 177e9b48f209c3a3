/**
 * The membership at the top of /vip-center and /vip-management, from the shared membership store:
 * days left and expiry (SVIP's, then the VIP that follows it), or "not a member" and when it expired;
 * above them what the page adds (the user, on /vip-center). A placeholder of the same size until the
 * session and the server's membership are known, so nothing below moves and the app's figure never
 * shows first only to be replaced; signed out, it says to sign in.
 */
import { useStore } from '../../ui/use-store';
import type { ComponentChildren } from 'preact';
import { formatDate } from '../../../shared/format';
import { $daysLeft, $isMember, $membership } from '../../../lib/stores/membership';
import { dataOf } from '../../../lib/model/loadable';
import { $vipStatus } from '../../../lib/vip/membership';
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
  user?: ComponentChildren;
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
  const status = useStore($vipStatus);
  // Where SVIP ends is the server's to say (the host has no such field).
  const svipUntil = dataOf(status)?.membership.svipUntil ?? null;
  const now = Date.now();
  const timeZone = useStore($selfInfo).dev_timezone || undefined;
  const expiresAt = userInfo_?.vip.valid_time ?? 0;
  const date = (seconds: number) => formatDate(seconds, locale, { timeZone, style: 'long' });
  // SVIP first: its days left and end, then the VIP that follows it (src/shared/vip/ledger.ts).
  const svipEnds = svipUntil !== null && svipUntil < expiresAt ? svipUntil : null;
  const days = t('vip.daysLeft', { days: svipEnds === null ? daysLeft : Math.max(0, Math.ceil((svipEnds * 1000 - now) / 86_400_000)) });
  // One number on screen, the server's, so two sources never show two figures. The app's figures wait
  // for it, and show (marked as not confirmed) only when the server cannot be asked.
  const confirmed = dataOf(status) !== undefined;
  const waiting = signedIn && !confirmed && status.state !== 'failed';

  return (
    <section className={`vip-card hero${signedIn && member ? ' is-member' : ''}${user ? ' has-user' : ''}`} aria-live="polite">
      {user}
      {!signedIn || waiting ? (
        signedOut && !signedIn ? (
          <p className="vip-state">{t('vip.signInToSee')}</p>
        ) : (
          // Until the session and the server's membership are known, a placeholder; outside the app
          // (<html data-session="no-app">, set before paint) vip.css shows the second line instead,
          // painted with the page and kept as it is when the page hydrates.
          <>
            <p className="vip-state skeleton vip-state-wait" aria-hidden="true" />
            <p className="vip-outside">{t('vip.openAppToSee')}</p>
          </>
        )
      ) : member ? (
        <>
          <p className="vip-state">{showTier ? `${tierOf(svipType)} · ${days}` : days}</p>
          <p className="vip-expiry">{t('vip.expiresOn', { date: date(svipEnds ?? expiresAt) })}</p>
          {svipEnds !== null && <p className="vip-expiry">{t('vip.thenVip', { date: date(expiresAt) })}</p>}
          {!confirmed && <p className="vip-provisional">{t('vip.provisional')}</p>}
        </>
      ) : (
        <>
          <p className="vip-state">{t('vip.notMember')}</p>
          {expiresAt > 0 && <p className="vip-expiry">{t('vip.expiredOn', { date: date(expiresAt) })}</p>}
          {!confirmed && <p className="vip-provisional">{t('vip.provisional')}</p>}
        </>
      )}
    </section>
  );
}
