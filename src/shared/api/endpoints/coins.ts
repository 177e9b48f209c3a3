/**
 * Coin recharge and records. Prices are integers in the currency's minor unit (cents); times
 * are Unix seconds; coin amounts are integers, signed in records (a spend is negative).
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint';

const int = v.pipe(v.number(), v.integer());
const money = v.pipe(v.number(), v.integer(), v.minValue(0));
/** An ISO 4217 code: Intl formats a price in any code of this shape and throws on others (src/shared/format.ts formatPrice). */
const currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const region = v.pipe(v.string(), v.maxLength(8));

export const coinPackage = v.object({
  id: v.string(),
  coins: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Extra coins credited with the package. */
  bonus: v.pipe(v.number(), v.integer(), v.minValue(0)),
  price: money,
  currency,
});

/** A custom amount: any whole number of coins from `min` to `max`, at `centsPerCoin` each, no bonus. */
export const customAmount = v.object({
  min: v.pipe(v.number(), v.integer(), v.minValue(1)),
  max: v.pipe(v.number(), v.integer(), v.minValue(1)),
  centsPerCoin: v.pipe(v.number(), v.integer(), v.minValue(1)),
  currency,
});

/** The balance as the server knows it, and the coins of recharges still pending. */
export const coinBalance = endpoint('/api/coins/balance', v.object({}), v.object({ balance: int, pending: int }));

/** Packages and custom-amount limits for the user's region, and whether payment is available there. */
export const coinPackages = endpoint(
  '/api/coins/packages',
  v.object({ region }),
  v.object({ packages: v.array(coinPackage), custom: customAmount, paymentAvailable: v.boolean() }),
  // /k-recharge shows what coins cost outside the app too, as /vip-center shows the plans.
  { public: true },
);
