/**
 * /download: this cycle's download quota as the server counts it (null for a non-member: the page
 * says why downloads need a membership), and the download history, page by page. Both are asked
 * again whenever the page is shown again.
 */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { downloadHistory, downloadQuota } from '../../shared/api/endpoints/music-downloads';
import { RECORDS_PAGE_SIZE } from '../../shared/limits';
import { fill, loading, type Loadable } from '../model/loadable';
import { pagedList } from '../model/paged';
import { onShownAgain } from '../model/shown-again';

export type DownloadStatus = DataOf<typeof downloadQuota>;

/** The membership and this cycle's quota, from the server. */
export const $quota = atom<Loadable<DownloadStatus>>(loading());

/** @example const { list, end } = useNearEnd(downloads, signedIn) */
export const downloads = pagedList((cursor) => request(downloadHistory, { cursor, limit: RECORDS_PAGE_SIZE }));

/**
 * The quota and the history from its first page; the figures on screen stay while they reload.
 * @example await loadDownloads()
 */
export async function loadDownloads(): Promise<void> {
  await Promise.all([fill($quota, () => request(downloadQuota, {}), { keep: true }), downloads.reload()]);
}

/**
 * After a failure: the quota again if it was what failed, else the history's next page.
 * @example <Failure onRetry={retryDownloads} />
 */
export const retryDownloads = (): Promise<void> => ($quota.get().state === 'failed' ? loadDownloads() : downloads.loadMore());

/**
 * Loads now and each time the page is shown again (a cached route; the app resumed).
 * @returns a function that stops following
 * @example useEffect(() => (signedIn ? watchDownloads() : undefined), [signedIn])
 */
export function watchDownloads(): () => void {
  void loadDownloads();
  return onShownAgain(() => void loadDownloads());
}
