/**
 * What a paid order or a redeemed code did, in the ledger's numbers (issue 38): the days it added,
 * their tier, until when, the VIP time that follows SVIP, and the auto-renewal it turned off. Loaded
 * once there is something to announce (/vip-center after paying, /exchange-members after a code), so
 * the pages do not carry it before. One sentence a line, so no locale's punctuation is joined to
 * another's.
 */
import { useStore } from '../../ui/use-store';
import { counted } from '../../../lib/plural';
import { $selfInfo } from '../../../lib/stores/self-info';
import { vipAfterSvip } from '../../../lib/vip/disclosure';
import type { Grant, Standing } from '../../../lib/vip/ledger';
import { usePage } from '../../ui/page';
import { dateIn } from '../text';

const DONE_KEY = { activated: 'vip.doneActivated', extended: 'vip.doneExtended', upgraded: 'vip.doneUpgraded', queued: 'vip.doneQueued' } as const;

interface Props {
  grant: Omit<Grant, 'ledger'>;
  /** The membership after it. */
  membership: Standing;
  /** The plan whose auto-renewal it turned off, as the user reads it. */
  replaced?: string | null;
}

export function Done({ grant, membership, replaced = null }: Props) {
  const { t, locale } = usePage();
  const date = dateIn(locale, useStore($selfInfo).dev_timezone);
  const vipUntil = vipAfterSvip(membership);
  const params = {
    days: grant.days,
    tier: grant.tier.toUpperCase(),
    date: date(grant.endsAt),
    start: date(grant.startsAt),
    vipDate: vipUntil === null ? '' : date(vipUntil),
  };
  return (
    <>
      <p>{counted(t(DONE_KEY[grant.effect], params), locale, params)}</p>
      {/* More SVIP while VIP waits behind it: where the VIP days went. */}
      {grant.effect === 'extended' && grant.tier === 'svip' && vipUntil !== null && <p>{t('vip.vipResumes', { date: params.vipDate })}</p>}
      {replaced && <p>{t('vip.doneReplaced', { plan: replaced })}</p>}
    </>
  );
}
