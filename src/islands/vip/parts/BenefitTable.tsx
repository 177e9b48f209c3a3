/**
 * What each tier gives, side by side, from the benefits table the server applies
 * (src/shared/vip/benefits.ts): so the difference in price is explained where the plans are sold. Drawn
 * on the server on /vip-center (src/components/vip/VipBenefits.astro, no JS) and by /vip-management.
 */
import { BENEFITS } from '../../../shared/vip/benefits';
import type { Tier } from '../../../shared/vip/ledger';
import { usePage } from '../../ui/page';

const TIERS: Tier[] = ['vip', 'svip'];
const EVERY_MEMBER = ['vip.benefitLossless', 'vip.benefitVipSongs', 'vip.benefitNoTrial'] as const;

export function BenefitTable() {
  const { t, locale } = usePage();
  const included = t('vip.included');
  return (
    <table className="vip-compare">
      <caption className="vip-heading">{t('vip.compare')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('vip.benefit')}</th>
          {TIERS.map((tier) => (
            <th scope="col">{tier.toUpperCase()}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {EVERY_MEMBER.map((key) => (
          <tr>
            <th scope="row">{t(key)}</th>
            {TIERS.map(() => (
              <td>
                <span className="vip-check" aria-hidden="true" />
                <span className="visually-hidden">{included}</span>
              </td>
            ))}
          </tr>
        ))}
        <tr>
          <th scope="row">{t('vip.benefitDownloads')}</th>
          {TIERS.map((tier) => (
            <td>{BENEFITS[tier].downloadsPerCycle.toLocaleString(locale)}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
