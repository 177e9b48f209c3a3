/** /vip-management's order history: every membership order of the user, newest first, with its state. */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { request } from '../request';
import type { order } from '../../shared/api/endpoints/vip';
import { vipOrders } from '../../shared/api/endpoints/vip-orders';
import { fill, loading, type Loadable } from '../model/loadable';

export type Order = v.InferOutput<typeof order>;

/** @example useStore($orders) */
export const $orders = atom<Loadable<Order[]>>(loading());

/** @example void loadOrders() */
export const loadOrders = (): Promise<void> => fill($orders, async () => (await request(vipOrders, {})).orders, { keep: true });
