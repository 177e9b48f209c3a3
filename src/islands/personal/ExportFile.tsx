/**
 * /AccountOrDevicePdf.html: the exported file of a request (the `id` query, else the latest one sent):
 * what it holds, shown as a table, and the PDF to download while its link is valid; an expired file
 * says so and offers a new request.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/hooks';
import '../../lib/api-identity';
import { messageKey, request } from '../../lib/api';
import type { DataOf } from '../../lib/api/endpoint';
import { exportFile, exportStatus } from '../../lib/api/endpoints/personal';
import { formatDate } from '../../lib/format';
import { $locale } from '../../lib/i18n';
import { pageHref, queryParam } from '../../lib/nav';
import { $session } from '../../lib/session';
import { $selfInfo } from '../../lib/stores/self-info';
import { useText } from '../ui/text';
import '../ui/placeholder.css';
import { personalText, userTimeZone } from './text';
import './personal.css';

type File = DataOf<typeof exportFile> & { id: string };
const LABEL_KEY: Record<string, string> = { nickname: 'personal.nickname', phone: 'personal.phone', registeredAt: 'personal.registerTime' };

export default function ExportFile() {
  const t = useText(personalText);
  const locale = useStore($locale);
  const session = useStore($session);
  const timeZone = userTimeZone(useStore($selfInfo).dev_timezone);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (session !== 'signed-in') return;
    const open = (id: string) =>
      request(exportFile, { id })
        .then((answer) => setFile({ ...answer, id }))
        .catch((error) => setFailure(messageKey(error)));
    const named = queryParam('id', /^[A-Za-z0-9_-]{1,64}$/);
    if (named) return void open(named);
    request(exportStatus, { timeZone })
      .then(({ exports }) => {
        const latest = exports.find((e) => e.state === 'sent') ?? exports[0];
        if (latest) void open(latest.id);
        else setFailure('error.noData');
      })
      .catch((error) => setFailure(messageKey(error)));
  }, [session]);

  if (failure) {
    const expired = failure === 'error.noContent';
    return (
      <div class="personal">
        <p class="personal-limit" role="alert">
          {expired ? t('personal.fileExpired') : t(failure)}
        </p>
        <a class="button" href={pageHref('private.html')}>
          {t('personal.requestAgain')}
        </a>
      </div>
    );
  }
  if (!file) return <div class="personal" aria-busy="true"><div class="skeleton" /></div>;
  // The link is a grant that lasts 15 minutes (server/api/export-grants.ts): each tap asks for a fresh
  // one, so a page left open still downloads. The href stays for a long press or a failed script.
  const download = (event: MouseEvent) => {
    event.preventDefault();
    request(exportFile, { id: file.id })
      .then((answer) => {
        setFile({ ...answer, id: file.id });
        location.assign(answer.url);
      })
      .catch((error) => setFailure(messageKey(error)));
  };
  return (
    <div class="personal">
      <h2 class="personal-intro">{t('personal.fileTitle')}</h2>
      <table class="file-table">
        <tbody>
          {file.sections.flatMap((section) =>
            section.rows.map((row) => (
              <tr key={`${section.title}-${row.label}`}>
                <th scope="row">{t(LABEL_KEY[row.label] ?? row.label)}</th>
                <td>{row.value || t('error.noData')}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p class="personal-intro">{t('personal.expiresOn', { date: formatDate(file.expiresAt, locale, { timeZone, style: 'datetime' }) })}</p>
      <a class="button" href={file.url} download={file.fileName} onClick={download}>
        {t('personal.download')}
      </a>
    </div>
  );
}
