/**
 * A list the server hands out page by page with a cursor (coin records, feedback, downloads), as a
 * store and two verbs. A failed page keeps what was loaded and waits for the user to retry; a load
 * asked for while one runs is dropped, so a scroll and a tap never fetch the same page twice.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { MessageKey } from '../../shared/message-key';
import { messageKey } from '../api';
import { addPage, emptyPaged, type Paged, type RecordLike } from '../paging';

export interface PagedList<T extends RecordLike> extends Paged<T> {
  /** What is loading: the list from its first page again (`fresh`), or its next page (`more`). */
  loading: false | 'fresh' | 'more';
  /** The message key of the last failure, until the next load. */
  failure: MessageKey | null;
}

export interface PagedModel<T extends RecordLike> {
  $list: ReadableAtom<PagedList<T>>;
  /** The next page (nothing once the last is in, or while a load runs). */
  loadMore(): Promise<void>;
  /** From the first page again: pull to refresh, the page shown again, another account. */
  reload(): Promise<void>;
}

/**
 * @param fetchPage one request for the page after `cursor` (null: the first)
 * @example export const records = pagedList((cursor) => request(coinTransactions, { cursor, limit: 20 }))
 */
export function pagedList<T extends RecordLike>(fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>): PagedModel<T> {
  const $list = atom<PagedList<T>>({ ...emptyPaged<T>(), loading: false, failure: null });
  // Which load is current: a reload started during a load makes the older answer stale.
  let generation = 0;

  async function load(fresh: boolean): Promise<void> {
    const current = $list.get();
    if (!fresh && (current.loading || current.done)) return;
    const mine = ++generation;
    $list.set({ ...current, loading: fresh ? 'fresh' : 'more', failure: null });
    try {
      const page = await fetchPage(fresh ? null : current.next);
      if (mine === generation) $list.set({ ...addPage($list.get(), page, fresh), loading: false, failure: null });
    } catch (error) {
      if (mine === generation) $list.set({ ...$list.get(), loading: false, failure: messageKey(error) });
    }
  }

  return { $list, loadMore: () => load(false), reload: () => load(true) };
}
