/** /accountOrDevice.html: choose to see account data or device data. */
import { pageHref } from '../../lib/nav';
import { useHydrated } from '../ui/hydrated';

import './personal.css';
import { usePage } from '../ui/page';

export default function AccountOrDevice() {
  const { t } = usePage();
  // Links carry the page's locale and shell query, known in the browser only.
  const href = useHydrated() ? pageHref : () => undefined;
  return (
    <div className="personal">
      <h2 className="personal-intro">{t('personal.chooseTitle')}</h2>
      <ul className="choose">
        <li>
          <a href={href('accountData.html')}>
            <strong>{t('personal.accountData')}</strong>
            <span>{t('personal.accountDataHint')}</span>
          </a>
        </li>
        <li>
          <a href={href('deviceData.html')}>
            <strong>{t('personal.deviceData')}</strong>
            <span>{t('personal.deviceDataHint')}</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
