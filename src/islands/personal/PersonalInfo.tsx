/**
 * /accountData.html and /deviceData.html: the personal information of spec §3. Account: nickname,
 * phone number (all but its last four digits hidden), registration time, from the backend, the app's
 * `getPersonalInfo` filling what the backend lacks. Device: brand, model, IP address, OS name and
 * version, app version, from the app. Each value can be copied; an empty one reads "No data".
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { request } from '../../lib/api';
import { personalInfo } from '../../lib/api/endpoints/personal';
import { query } from '../../lib/bridge';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { maskPhone } from '../../lib/personal/rules';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { showToast } from '../../lib/stores/ui';
import { useText } from '../ui/text';
import '../ui/controls.css';
import '../ui/placeholder.css';
import { personalText, userTimeZone } from './text';
import './personal.css';

type Row = { key: string; value: string };

export default function PersonalInfo({ kind }: { kind: 'account' | 'device' }) {
  const t = useText(personalText);
  const locale = useStore($locale);
  const session = useStore($session);
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const [rows, setRows] = useState<Row[] | null>(null);

  useEffect(() => {
    if (session !== 'signed-in') return;
    const host = query('getPersonalInfo');
    if (kind === 'device') {
      setRows([
        { key: 'deviceBrand', value: host.deviceBrand ?? '' },
        { key: 'deviceModel', value: host.deviceModel ?? '' },
        { key: 'ip', value: host.ip ?? '' },
        { key: 'osName', value: host.osName ?? '' },
        { key: 'osVersion', value: host.osVersion ?? '' },
        { key: 'appVersion', value: host.appVersion ?? '' },
      ]);
      return;
    }
    const fromHost = (account?: { nickname: string; phone: string; registeredAt: number | null }) =>
      setRows([
        { key: 'nickname', value: account?.nickname || host.nickname || '' },
        // The host's number is masked here too: the page never shows more than the last four digits.
        { key: 'phone', value: account?.phone || (host.phone ? maskPhone(host.phone) : '') },
        { key: 'registerTime', value: account?.registeredAt ? formatDate(account.registeredAt, locale, { timeZone, style: 'datetime' }) : String(host.registerTime ?? '') },
      ]);
    request(personalInfo, {})
      .then(({ account }) => fromHost(account))
      .catch(() => fromHost());
  }, [session, kind]);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      showToast('personal.copied');
    } catch {
      // No clipboard (an old WebView): the value stays selectable on the page.
    }
  };

  if (!rows) return <div class="personal"><div class="skeleton" aria-hidden="true" /></div>;
  return (
    <div class="personal">
      <ul class="info">
        {rows.map((row) => (
          <li key={row.key}>
            <span class="info-text">
              <span class="info-label">{t(`personal.${row.key}`)}</span>
              <span class="info-value">{row.value || t('error.noData')}</span>
            </span>
            {row.value && (
              <button type="button" class="chip" aria-label={t('personal.copy', { label: t(`personal.${row.key}`) })} onClick={() => copy(row.value)}>
                ⧉
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
