/**
 * Coin recharge and records (issue 5). Prices are integers in the currency's minor unit (cents); times
 * are Unix seconds; coin amounts are integers, signed in records (a spend is negative).
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const money = v.pipe(v.number(), v.integer(), v.minValue(0));
const region = v.pipe(v.string(), v.maxLength(8));

export const coinPackage = v.object({
  id: v.string(),
  coins: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Extra coins credited with the package. */
  bonus: v.pipe(v.number(), v.integer(), v.minValue(0)),
  price: money,
  currency: v.string(),
});

/** A custom amount: any whole number of coins from `min` to `max`, at `centsPerCoin` each, no bonus. */
export const customAmount = v.object({
  min: v.pipe(v.number(), v.integer(), v.minValue(1)),
  max: v.pipe(v.number(), v.integer(), v.minValue(1)),
  centsPerCoin: v.pipe(v.number(), v.integer(), v.minValue(1)),
  currency: v.string(),
});

export const transactionKind = v.picklist(['recharge', 'spend', 'refund']);
/** `cancelled`: the user abandoned the recharge before paying (issue 15). */
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

/** The balance as the server knows it, and the coins of recharges still pending. */
export const coinBalance = endpoint('/api/coins/balance', v.object({}), v.object({ balance: int, pending: int }));

/** Packages and custom-amount limits for the user's region, and whether payment is available there. */
export const coinPackages = endpoint(
  '/api/coins/packages',
  v.object({ region }),
  v.object({ packages: v.array(coinPackage), custom: customAmount, paymentAvailable: v.boolean() }),
);

/**
 * The user's records, newest first, `limit` at a time. `cursor` is null for the first page, then the
 * `next` of the previous page; `next` is null after the last page.
 */
export const coinTransactions = endpoint(
  '/api/coins/transactions',
  v.object({ cursor: v.nullable(v.pipe(v.string(), v.maxLength(80))), limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)) }),
  v.object({ items: v.array(transaction), next: v.nullable(v.string()) }),
);
