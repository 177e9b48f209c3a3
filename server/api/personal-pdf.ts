/**
 * What the personal-data export prints: the sections and fields of /accountData.html and
 * /deviceData.html (src/lib/personal/info.ts), labelled with those pages' own messages in the locale
 * of the page that asked, so the file holds what the pages show, and more only where it is the user's
 * own copy: the phone number whole, not masked. A field nobody knows reads as the pages' "No data".
 */
import type { ExportAppInfo } from '../../src/shared/api/endpoints/personal';
import enUS from '../../src/shared/messages/en-US.json';
import filPH from '../../src/shared/messages/fil-PH.json';
import idID from '../../src/shared/messages/id-ID.json';
import msMY from '../../src/shared/messages/ms-MY.json';
import thTH from '../../src/shared/messages/th-TH.json';
import viVN from '../../src/shared/messages/vi-VN.json';
import zhCN from '../../src/shared/messages/zh-CN.json';
import zhHK from '../../src/shared/messages/zh-HK.json';
import zhTW from '../../src/shared/messages/zh-TW.json';
import { formatDate } from '../../src/shared/format';
import type { Locale } from '../../src/shared/locale';
import type { PdfLine } from './pdf';

type Messages = typeof enUS;
// Direct imports, not src/i18n's import.meta.glob: the server bundle (esbuild) has no glob.
const MESSAGES: Record<Locale, Messages> = {
  'en-US': enUS,
  'fil-PH': filPH,
  'id-ID': idID,
  'ms-MY': msMY,
  'th-TH': thTH,
  'vi-VN': viVN,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
};

/** The account as the backend holds it, unmasked; null when it has no row for the user. */
export interface AccountRow {
  nickname: string;
  phone: string;
  /** Unix seconds. */
  registeredAt: number | null;
}

/** The device fields of /deviceData.html, in its order, each a `personal.` message key. */
const DEVICE = ['deviceBrand', 'deviceModel', 'ip', 'osName', 'osVersion', 'appVersion'] as const;

/**
 * The file's title and lines: the account section (nickname, phone number, registration time: the
 * backend's, the app's filling gaps, as /accountData.html does) and the device section (from the
 * app, as /deviceData.html), each field `label: value` in `locale`, dates in `timeZone`.
 * @example exportDocument('th-TH', 'Asia/Bangkok', null, { deviceBrand: 'OPPO' }).lines[7] // 'ยี่ห้ออุปกรณ์: OPPO'
 */
export function exportDocument(locale: Locale, timeZone: string, account: AccountRow | null, app: ExportAppInfo = {}): { title: string; lines: PdfLine[] } {
  const { personal: p, error } = MESSAGES[locale];
  // Chinese sets a full-width colon with no space after it.
  const colon = locale.startsWith('zh-') ? '：' : ': ';
  const field = (label: string, value: string | undefined) => `${label}${colon}${value?.trim() || error.noData}`;
  const registered = account?.registeredAt
    ? formatDate(account.registeredAt, locale, { timeZone, style: 'datetime' }) ||
      formatDate(account.registeredAt, locale, { timeZone: 'UTC', style: 'datetime' })
    : app.registerTime;
  return {
    title: p.fileTitle,
    lines: [
      { heading: p.accountData },
      field(p.nickname, account?.nickname || app.nickname),
      field(p.phone, account?.phone || app.phone),
      field(p.registerTime, registered),
      '',
      { heading: p.deviceData },
      ...DEVICE.map((key) => field(p[key], app[key])),
    ],
  };
}
