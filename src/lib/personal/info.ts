/**
 * The personal information of spec §3 (/accountData.html, /deviceData.html). Account: nickname, phone
 * number (all but its last four digits hidden), registration time, from the backend, the app's
 * `getPersonalInfo` filling what the backend lacks. Device: brand, model, IP address, OS name and
 * version, app version, from the app. Each value can be copied.
 */
import { atom } from 'nanostores';
import { request } from '../request';
import { personalInfo } from '../../shared/api/endpoints/personal';
import { query } from '../bridge';
import { getPersonalInfo } from '../../shared/bridge/calls/personal';
import { formatDate } from '../../shared/format';
import { pageLocale } from '../i18n';
import { showToast } from '../stores/ui';
import { maskPhone } from '../../shared/personal/rules';
import { currentTimeZone } from './time-zone';

/** One value with its message key under `personal.`; '' when nobody knows it. */
export interface InfoRow {
  key: 'nickname' | 'phone' | 'registerTime' | (typeof DEVICE)[number];
  value: string;
}

/** The rows of the page; null until known. */
export const $info = atom<InfoRow[] | null>(null);

const DEVICE = ['deviceBrand', 'deviceModel', 'ip', 'osName', 'osVersion', 'appVersion'] as const;

/**
 * Fills the rows: the device's from the app; the account's from the backend, else from the app (a
 * failed request still shows what the app knows).
 * @example await loadInfo('account')
 */
export async function loadInfo(kind: 'account' | 'device'): Promise<void> {
  const host = query(getPersonalInfo);
  if (kind === 'device') return $info.set(DEVICE.map((key) => ({ key, value: host[key] ?? '' })));
  const account = await request(personalInfo, {}).then(
    (answer) => answer.account,
    () => undefined,
  );
  $info.set([
    { key: 'nickname', value: account?.nickname || host.nickname || '' },
    // The host's number is masked here too: the page never shows more than the last four digits.
    { key: 'phone', value: account?.phone || (host.phone ? maskPhone(host.phone) : '') },
    {
      key: 'registerTime',
      value: account?.registeredAt
        ? formatDate(account.registeredAt, pageLocale(), { timeZone: currentTimeZone(), style: 'datetime' })
        : String(host.registerTime ?? ''),
    },
  ]);
}

/**
 * Copies a value; without a clipboard (an old WebView) the value stays selectable on the page.
 * @example <button onClick={() => copy(row.value)}>
 */
export async function copy(value: string): Promise<void> {
  try {
    // eslint-disable-next-line compat/compat -- Chromium < 66 has no navigator.clipboard: this throws, and the catch below leaves the value on the page
    await navigator.clipboard.writeText(value);
    showToast('personal.copied');
  } catch {
    // Nothing to say: the value is on the page.
  }
}
