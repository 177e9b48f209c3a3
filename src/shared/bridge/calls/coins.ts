/** The bridge call of the coin pages (docs/bridge.md): the balance the app knows. */
import * as v from 'valibot';
import { querySpec } from '../spec';

export const getKCoins = querySpec('getKCoins', v.object({ balance: v.number() }), { balance: 0 });
