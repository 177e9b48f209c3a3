/**
 * /k-recharge's state that both halves of its model read: ./recharge (loaded with the page) and
 * ./recharge-purchase (the purchase and the kept page state, loaded once the page runs).
 */
import { atom, map } from 'nanostores';
import { loading, type Loadable } from '../model/loadable';
import type { Purchase } from '../pay/purchase';
import type { CoinStatus, Offer } from './pay-deps';

/** @example useStore($offer).state // 'ready' */
export const $offer = atom<Loadable<Offer>>(loading());

/** @example useStore($recharge).state // 'pending' */
export const $recharge = atom<Purchase<CoinStatus>>({ state: 'idle' });

/** What the user is choosing until they pay: a package id or 'custom' (null: the usual package), and the amount typed. */
export const $choice = map<{ picked: string | null; custom: string }>({ picked: null, custom: '' });
