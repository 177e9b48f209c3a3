/**
 * What a page knows of something it asks the server for: still loading, there, or failed with the
 * message to show. Area models keep one per request in a store; islands only render it.
 */
import type { WritableAtom } from 'nanostores';
import type { MessageKey } from '../../shared/message-key';
import { messageKey } from '../api';

/** `data` stays through a reload: a failed refresh shows its error beside what was there. */
export type Loadable<T> = { state: 'loading'; data?: T } | { state: 'ready'; data: T } | { state: 'failed'; error: MessageKey; data?: T };

/** @example export const $offer = atom(loading<Offer>()) */
export const loading = <T>(): Loadable<T> => ({ state: 'loading' });

/** The data when there is some, loaded now or before. @example dataOf($offer.get())?.packages */
export const dataOf = <T>(value: Loadable<T>): T | undefined => value.data;

/**
 * Fills `store` from `fetch`: loading, then the data or the failure's message key. With `keep`, data
 * already there stays while it reloads and after a failed reload, so a refresh never blanks a page.
 * @example await fill($offer, () => request(coinPackages, { region }), { keep: true })
 */
export async function fill<T>(store: WritableAtom<Loadable<T>>, fetch: () => Promise<T>, { keep = false } = {}): Promise<void> {
  const kept = keep ? store.get().data : undefined;
  store.set(kept === undefined ? { state: 'loading' } : { state: 'loading', data: kept });
  try {
    store.set({ state: 'ready', data: await fetch() });
  } catch (error) {
    const failed = { state: 'failed', error: messageKey(error) } as const;
    store.set(kept === undefined ? failed : { ...failed, data: kept });
  }
}
