import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { dataOf, fill, loading, type Loadable } from './loadable';

describe('fill', () => {
  it('goes from loading to the data, or to the message of the failure', async () => {
    const $store = atom<Loadable<number>>(loading());
    await fill($store, async () => 7);
    expect($store.get()).toEqual({ state: 'ready', data: 7 });
    await fill($store, async () => Promise.reject(new ApiError('timeout')));
    expect($store.get()).toEqual({ state: 'failed', error: 'error.timeout' });
  });

  it('keeps the data on screen while it reloads, and after a failed reload, when asked to', async () => {
    const $store = atom<Loadable<number>>({ state: 'ready', data: 1 });
    const seen: unknown[] = [];
    $store.listen((value) => seen.push({ ...value }));
    await fill($store, async () => 2, { keep: true });
    await fill($store, () => Promise.reject(new ApiError('noInternet')), { keep: true });
    expect(seen).toEqual([
      { state: 'loading', data: 1 },
      { state: 'ready', data: 2 },
      { state: 'loading', data: 2 },
      { state: 'failed', error: 'error.noInternet', data: 2 },
    ]);
    expect(dataOf($store.get())).toBe(2);
    await fill($store, async () => 3);
    expect(seen.slice(4)).toEqual([{ state: 'loading' }, { state: 'ready', data: 3 }]);
  });
});
