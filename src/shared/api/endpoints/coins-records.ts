/**
 * Coin records, for /k-transactions only: its own module, so the recharge page does not
 * load their schemas. Amounts are integers, signed (a spend is negative); times are Unix seconds.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const money = v.pipe(v.number(), v.integer(), v.minValue(0));

export const transactionKind = v.picklist(['recharge', 'spend', 'refund']);
/** `cancelled`: the user abandoned the recharge before paying. */
export const transactionState = v.picklist(['pending', 'credited', 'failed', 'cancelled']);

export const transaction = v.object({
  id: v.string(),
  kind: transactionKind,
  /** Signed: what the record adds to the balance once credited (a spend is negative). */
  coins: int,
  /** What was paid, for a recharge; null otherwise. */
  amount: v.nullable(money),
  currency: v.nullable(v.string()),
  state: transactionState,
  /** What coins were spent on (`song`, `gift`), or null. */
  note: v.nullable(v.string()),
  createdAt: int,
});

/**
 * The user's records, newest first, `limit` at a time. `cursor` is null for the first page, then the
 * `next` of the previous page; `next` is null after the last page.
 */
export const coinTransactions = endpoint(
  '/api/coins/transactions',
  v.object({ cursor: v.nullable(v.pipe(v.string(), v.maxLength(80))), limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)) }),
  v.object({ items: v.array(transaction), next: v.nullable(v.string()) }),
);
