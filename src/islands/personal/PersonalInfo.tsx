/**
 * /accountData.html and /deviceData.html: the personal information of spec §3 (src/lib/personal/info.ts),
 * account or device. Each value can be copied; an empty one reads "No data".
 */
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { $info, copy, loadInfo } from '../../lib/personal/info';
import '../ui/controls.css';
import '../ui/placeholder.css';

import './personal.css';
import { usePage } from '../ui/page';

export default function PersonalInfo({ kind }: { kind: 'account' | 'device' }) {
  const { t, signedIn } = usePage();
  const rows = useStore($info);

  useEffect(() => {
    if (signedIn) void loadInfo(kind);
  }, [signedIn, kind]);

  if (!rows)
    return (
      <div className="personal">
        <div className="skeleton" aria-hidden="true" />
      </div>
    );
  return (
    <div className="personal">
      <ul className="info">
        {rows.map((row) => (
          <li key={row.key}>
            <span className="info-text">
              <span className="info-label">{t(`personal.${row.key}`)}</span>
              <span className="info-value">{row.value || t('error.noData')}</span>
            </span>
            {row.value && (
              <button type="button" className="chip" aria-label={t('personal.copy', { label: t(`personal.${row.key}`) })} onClick={() => copy(row.value)}>
                ⧉
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
