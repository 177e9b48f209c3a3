/** The coin packages of /k-recharge, or placeholders of their size while they load. */
import type { Package } from '../../../lib/coins/recharge';
import { formatPrice } from '../../../shared/format';
import { pageLocale } from '../../../lib/i18n';
import type { Text } from '../../../lib/i18n';

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5];

interface Props {
  packages: Package[] | null;
  chosen: string | null;
  onChoose: (packageId: string) => void;
  t: Text;
}

export function Packages({ packages, chosen, onChoose, t }: Props) {
  const locale = pageLocale();
  return (
    <ul className="coins-packages" aria-busy={!packages}>
      {packages
        ? packages.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="coins-package"
                aria-pressed={chosen === p.id}
                onClick={() => onChoose(p.id)}
                data-track="coins.package"
                data-track-on="exposure click"
                data-track-props={JSON.stringify({ package: p.id })}
              >
                <span className="coins-amount">{t('coins.coins', { coins: p.coins })}</span>
                {p.bonus > 0 && <span className="coins-bonus">{t('coins.bonus', { coins: p.bonus })}</span>}
                <span className="coins-price">{formatPrice(p.price, p.currency, locale)}</span>
              </button>
            </li>
          ))
        : PLACEHOLDERS.map((key) => <li key={key} className="coins-package skeleton" aria-hidden="true" />)}
    </ul>
  );
}
