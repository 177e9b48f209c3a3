/**
 * What a grant does, in the ledger's words (src/shared/vip/ledger.ts), for the lines said before paying
 * (./Disclosure.tsx) and after (./Done.tsx): the line of its effect, and for more SVIP while VIP waits
 * behind it, where the VIP days went. One sentence a line, so no locale's punctuation is joined to
 * another's. Imported only by parts that load after the page.
 */
import type { MessageKey } from '../../../shared/message-key';
import { counted } from '../../../lib/plural';
import { vipAfterSvip } from '../../../lib/vip/disclosure';
import type { Effect, Grant, Standing } from '../../../shared/vip/ledger';
import type { Text } from '../../../lib/i18n';

/**
 * @param keys the message of each effect (before paying: `vip.gets…`; after: `vip.done…`)
 * @param after the membership once the grant is made
 * @example grantWords(t, 'en-US', DONE_KEYS, grant, membership, date) // ['Upgraded to SVIP for 1 day, until …']
 */
export function grantWords(
  t: Text,
  locale: string,
  keys: Record<Effect, MessageKey>,
  grant: Omit<Grant, 'ledger'>,
  after: Standing,
  date: (seconds: number) => string,
): string[] {
  const vipUntil = vipAfterSvip(after);
  const params = {
    days: grant.days,
    tier: grant.tier.toUpperCase(),
    date: date(grant.endsAt),
    start: date(grant.startsAt),
    vipDate: vipUntil === null ? '' : date(vipUntil),
  };
  const line = counted(t(keys[grant.effect], params), locale, params);
  return grant.effect === 'extended' && grant.tier === 'svip' && vipUntil !== null ? [line, t('vip.vipResumes', { date: params.vipDate })] : [line];
}
