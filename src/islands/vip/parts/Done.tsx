/**
 * What a paid order or a redeemed code did, in the ledger's numbers (src/lib/vip/ledger.ts): the
 * days it added, their tier, until when, the VIP time that follows SVIP, and the auto-renewal it
 * turned off. Loaded once there is something to announce (/vip-center after paying,
 * /exchange-members after a code), so the pages do not carry it before.
 */
import { useStore } from '../../ui/use-store';
import { $selfInfo } from '../../../lib/stores/self-info';
import type { Grant, Standing } from '../../../shared/vip/ledger';
import { usePage } from '../../ui/page';
import { dateIn } from './plan-words';
import { grantWords } from './grant-words';

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
  const timeZone = useStore($selfInfo).dev_timezone;
  return (
    <>
      {grantWords(t, locale, DONE_KEY, grant, membership, dateIn(locale, timeZone)).map((line) => (
        <p>{line}</p>
      ))}
      {replaced && <p>{t('vip.doneReplaced', { plan: replaced })}</p>}
    </>
  );
}
