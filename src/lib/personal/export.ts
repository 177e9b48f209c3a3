/**
 * The exported file of a request (/AccountOrDevicePdf.html): the one the `id` query names, else the
 * latest one sent; what it holds, and the PDF to download until it expires.
 */
import { atom } from 'nanostores';
import { ApiError, messageKey, type DataOf } from '../api';
import { request } from '../request';
import { exportFile, exportPdf, exportStatus } from '../api/endpoints/personal';
import { fill, loading, type Loadable } from '../model/loadable';
import { queryParam } from '../nav';
import { saveFile } from './save-file';
import { currentTimeZone } from './time-zone';

export type ExportFile = DataOf<typeof exportFile> & { id: string };

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
    return { ...(await request(exportFile, { id })), id };
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
