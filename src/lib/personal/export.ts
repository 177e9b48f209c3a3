/**
 * The exported file of a request (/AccountOrDevicePdf.html): the one the `id` query names, else the
 * latest one sent; what it holds, and the PDF to download while its link is valid.
 */
import { atom } from 'nanostores';
import { ApiError, type DataOf } from '../api';
import { request } from '../request';
import { exportFile, exportStatus } from '../api/endpoints/personal';
import { fill, loading, type Loadable } from '../model/loadable';
import { queryParam } from '../nav';
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

/**
 * Downloads the PDF. Its link is a grant that lasts 15 minutes (server/api/export-grants.ts): each tap
 * asks for a fresh one, so a page left open still downloads.
 * @example <a href={file.url} onClick={(e) => { e.preventDefault(); void download(); }}>
 */
export async function download(): Promise<void> {
  const current = $file.get();
  if (current.state !== 'ready') return;
  const { id } = current.data;
  await fill($file, async () => ({ ...(await request(exportFile, { id })), id }), { keep: true });
  const fresh = $file.get();
  if (fresh.state === 'ready') location.assign(fresh.data.url);
}
