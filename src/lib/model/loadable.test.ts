import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { fill, loading, type Loadable } from './loadable';

describe('fill', () => {
  it('goes from loading to the data, or to the message of the failure', async () => {
    const $store = atom<Loadable<number>>(loading());
    await fill($store, async () => 7);
    expect($store.get()).toEqual({ state: 'ready', data: 7 });
    await fill($store, async () => Promise.reject(new ApiError('timeout')));
    expect($store.get()).toEqual({ state: 'failed', error: 'error.timeout' });
  });

  it('keeps the data on screen while it reloads when asked to', async () => {
    const $store = atom<Loadable<number>>({ state: 'ready', data: 1 });
    const seen: string[] = [];
    $store.listen((value) => seen.push(value.state));
    await fill($store, async () => 2, { keep: true });
    expect(seen).toEqual(['ready']);
    await fill($store, async () => 3);
    expect(seen).toEqual(['ready', 'loading', 'ready']);
  });
});
