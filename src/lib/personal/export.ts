/**
 * The exported file of a request (/AccountOrDevicePdf.html): the one the `id` query names, else the
 * latest one sent; what it holds, and the PDF to download until it expires. What it holds is what the
 * PDF prints (server/api/personal-pdf.ts): the backend's account with the app's `getPersonalInfo`
 * filling its gaps, and the device as the app tells it, so the page never says "No data" where
 * the PDF holds the app's values.
 */
import { atom } from 'nanostores';
import { ApiError, messageKey, type DataOf } from '../api';
import { request } from '../request';
import { exportFile, exportPdf, exportStatus } from '../../shared/api/endpoints/personal';
import { query } from '../bridge';
import { getPersonalInfo } from '../../shared/bridge/calls/personal';
import { fill, loading, type Loadable } from '../model/loadable';
import { queryParam } from '../nav';
import { maskPhone } from '../../shared/personal/mask-phone';
import { saveFile } from './save-file';
import { currentTimeZone } from './time-zone';

type Answer = DataOf<typeof exportFile>;
type Row = Answer['sections'][number]['rows'][number];
/** A section of the file: the account (the server's rows, the app's filling their gaps) or the device (the app's). */
export interface FileSection {
  title: 'account' | 'device';
  rows: Row[];
}
export type ExportFile = Omit<Answer, 'sections'> & { id: string; sections: FileSection[] };

/** The device fields, in the PDF's order; each is also the row's label (a `personal.` message key). */
export const DEVICE_FIELDS = ['deviceBrand', 'deviceModel', 'ip', 'osName', 'osVersion', 'appVersion'] as const;
// The server's account labels and the app's field of the same value.
const FROM_APP = { nickname: 'nickname', phone: 'phone', registeredAt: 'registerTime' } as const;

/**
 * The server's sections with the app's values where the server has none, and the device section, as the
 * PDF prints them; the phone stays masked on the page (the PDF, the user's own copy, has it whole).
 * @example withApp([{ title: 'account', rows: [{ label: 'nickname', value: '' }] }], { nickname: 'Ann', osName: 'ColorOS' })
 */
export function withApp(sections: Answer['sections'], app: Partial<Record<string, string | number>>): FileSection[] {
  const own = (field: string) => String(app[field] ?? '').trim();
  const account = sections.map((section) => ({
    title: section.title,
    rows: section.rows.map((row) => {
      const field = FROM_APP[row.label as keyof typeof FROM_APP];
      const value = row.value || (field ? own(field) : '');
      return { label: row.label, value: field === 'phone' && !row.value && value ? maskPhone(value) : value };
    }),
  }));
  return [...account, { title: 'device', rows: DEVICE_FIELDS.map((field) => ({ label: field, value: own(field) })) }];
}

/** The file; `error.noContent` when it has expired (or is not the user's), `error.noData` when there is none. */
export const $file = atom<Loadable<ExportFile>>(loading());

/**
 * Opens the file the query names, else the latest one sent (else the latest request's).
 * @example await openFile()
 */
export const openFile = (): Promise<void> =>
  fill($file, async () => {
    let id = queryParam('id', /^[A-Za-z0-9_-]{1,64}$/);
    if (!id) {
      const { exports } = await request(exportStatus, { timeZone: currentTimeZone() });
      id = (exports.find((e) => e.state === 'sent') ?? exports[0])?.id ?? null;
      if (!id) throw new ApiError('noData');
    }
    const file = await request(exportFile, { id });
    return { ...file, id, sections: withApp(file.sections, query(getPersonalInfo)) };
  });

/** A download is under way: a second tap meanwhile asks nothing again. */
export const $downloading = atom(false);

/**
 * Downloads the PDF: asks for its bytes with the page's sealed session (there is no link that works
 * without it; docs/api.md, "File") and saves them. A failure shows beside the file's details.
 * @example <button onClick={() => void download()} aria-busy={useStore($downloading)}>
 */
export async function download(): Promise<void> {
  const current = $file.get();
  if (current.state !== 'ready' || $downloading.get()) return;
  $downloading.set(true);
  try {
    const { fileName, pdf } = await request(exportPdf, { id: current.data.id });
    saveFile(fileName, 'application/pdf', pdf);
  } catch (error) {
    $file.set({ state: 'failed', error: messageKey(error), data: current.data });
  } finally {
    $downloading.set(false);
  }
}
