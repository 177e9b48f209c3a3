/**
 * /AccountOrDevicePdf.html: the exported file of a request (src/lib/personal/export.ts; the `id`
 * query, else the latest one sent): what it holds, shown as a table, and the PDF to download while
 * its link is valid; an expired file says so and offers a new request.
 */
import type { MessageKey } from '../../i18n';
import { useStore } from '../ui/use-store';
import { useEffect } from 'preact/hooks';
import { formatDate } from '../../shared/format';
import { pageHref } from '../../lib/nav';
import { $downloading, $file, download, openFile } from '../../lib/personal/export';
import { $selfInfo } from '../../lib/stores/self-info';
import '../ui/placeholder.css';
import { userTimeZone } from '../../lib/personal/time-zone';
import './personal.css';
import { usePage } from '../ui/page';

const LABEL_KEY: Partial<Record<string, MessageKey>> = {
  nickname: 'personal.nickname',
  phone: 'personal.phone',
  registeredAt: 'personal.registerTime',
  deviceBrand: 'personal.deviceBrand',
  deviceModel: 'personal.deviceModel',
  ip: 'personal.ip',
  osName: 'personal.osName',
  osVersion: 'personal.osVersion',
  appVersion: 'personal.appVersion',
};
// The PDF's section headings.
const SECTION_KEY: Record<'account' | 'device', MessageKey> = { account: 'personal.accountData', device: 'personal.deviceData' };

export default function ExportFile() {
  const { t, locale, signedIn } = usePage();
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const shown = useStore($file);
  const downloading = useStore($downloading);

  useEffect(() => {
    if (signedIn) void openFile();
  }, [signedIn]);

  if (shown.state === 'failed') {
    const expired = shown.error === 'error.noContent';
    return (
      <div className="personal">
        <p className="personal-limit" role="alert">
          {expired ? t('personal.fileExpired') : t(shown.error)}
        </p>
        <a className="button" href={pageHref('private.html')}>
          {t('personal.requestAgain')}
        </a>
      </div>
    );
  }
  if (shown.state === 'loading')
    return (
      <div className="personal" aria-busy="true">
        <div className="skeleton" />
      </div>
    );
  const file = shown.data;
  return (
    <div className="personal">
      <h2 className="personal-intro">{t('personal.fileTitle')}</h2>
      {file.sections.map((section) => (
        <table key={section.title} className="file-table">
          <caption>{t(SECTION_KEY[section.title])}</caption>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{LABEL_KEY[row.label] ? t(LABEL_KEY[row.label]!) : row.label}</th>
                <td>{row.value || t('error.noData')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className="personal-intro">{t('personal.expiresOn', { date: formatDate(file.expiresAt, locale, { timeZone, style: 'datetime' }) })}</p>
      {/* A button, not a link: no address opens the file without the page's sealed session. */}
      <button type="button" className="button" aria-busy={downloading || undefined} onClick={() => void download()}>
        {t('personal.download')}
      </button>
    </div>
  );
}
