/**
 * What a page knows of something it asks the server for: still loading, there, or failed with the
 * message to show. Area models keep one per request in a store; islands only render it.
 */
import type { WritableAtom } from 'nanostores';
import { messageKey } from '../api';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: string };

/** @example export const $offer = atom(loading<Offer>()) */
export const loading = <T>(): Loadable<T> => ({ state: 'loading' });

/** The data when there is some. @example dataOf($offer.get())?.packages */
export const dataOf = <T>(value: Loadable<T>): T | undefined => (value.state === 'ready' ? value.data : undefined);

/**
 * Fills `store` from `fetch`: loading, then the data or the failure's message key. Data already
 * there stays on screen while it reloads (`keep`), so a refresh never blanks a page.
 * @example await fill($offer, () => request(coinPackages, { region }))
 */
export async function fill<T>(store: WritableAtom<Loadable<T>>, fetch: () => Promise<T>, { keep = false } = {}): Promise<void> {
  if (!(keep && store.get().state === 'ready')) store.set({ state: 'loading' });
  try {
    store.set({ state: 'ready', data: await fetch() });
  } catch (error) {
    store.set({ state: 'failed', error: messageKey(error) });
  }
}
