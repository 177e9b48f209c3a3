/**
 * Coin recharge and records: balance, packages, recharge orders, the records list. The
 * contract is src/shared/api/endpoints/coins.ts; docs/api.md (section Coins) describes the behaviour.
 *
 * As for VIP, only the payment provider's notification credits coins: the development route
 * `POST /api/dev/provider` (server/api/dev.ts) settles orders whose id starts with `c-` here.
 *
 * The balance is a row per user in `coin_balances`, always the sum of the user's `credited` records:
 * every change to it lands in the same transaction as the record that explains it (the seed opens
 * balances the same way, server/db/seed.ts). The one exception is the development route
 * `POST /api/dev/coins`, which overwrites it for the simulator and tests.
 *
 * Units: coin_orders times are Unix seconds (as vip_orders); coin_transactions.created_at is in
 * milliseconds (as seeded since migration 2), answered in seconds.
 */
import { randomBytes } from 'node:crypto';
import type { ResponseOf } from '../../src/shared/api/contract';
import { coinOrder } from '../../src/shared/api/endpoints/coins-orders';
import { transaction as coinTransaction } from '../../src/shared/api/endpoints/coins-records';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { pageRows } from './cursor';
import { ApiFailure } from './failure';
import type { Handlers } from './pipeline';
import { currencyOf } from './prices';
import { paymentAllowed } from './regions';
import { rowAs, type Row } from './rows';
import { abandon, settles, type ProviderOutcome } from './orders';
import { seconds } from '../time';

type Package = ResponseOf<'coinPackages'>['packages'][number];
type Order = ResponseOf<'coinCreateOrder'>['order'];
type Transaction = ResponseOf<'coinTransactions'>['items'][number];

/** The custom amount: any whole number of coins in [min, max], at the currency's price per coin (coin_rates), no bonus. */
export const CUSTOM_AMOUNT = { min: 10, max: 50_000 } as const;

/** The custom amount's limits and price per coin in `currency` (./prices.ts). */
function customIn(db: Db, currency: string): ResponseOf<'coinPackages'>['custom'] {
  const rate = db.prepare('SELECT cents_per_coin FROM coin_rates WHERE currency = ?').get(currency);
  if (!rate) throw new Error(`no price per coin in ${currency}`);
  return { ...CUSTOM_AMOUNT, centsPerCoin: Number(rate.cents_per_coin), currency };
}

/** The packages with their prices in `currency`, in catalogue order; `id` picks one. */
const packageRows = (db: Db, currency: string, id?: string) =>
  db
    .prepare(
      `SELECT k.id, k.coins, k.bonus, x.price_cents, x.currency FROM coin_packages k JOIN package_prices x ON x.package_id = k.id AND x.currency = ?
        WHERE ? IS NULL OR k.id = ? ORDER BY k.sort`,
    )
    .all(currency, id ?? null, id ?? null);

/** Order ids of coin recharges start with this; the provider notification tells them from VIP orders (`o-`) by it. */
export const COIN_ORDER_PREFIX = 'c-';

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

const toPackage = (row: Row): Package => ({
  id: String(row.id),
  coins: Number(row.coins),
  bonus: Number(row.bonus),
  price: Number(row.price_cents),
  currency: String(row.currency),
});

const toOrder = (row: Row): Order =>
  rowAs(
    coinOrder,
    {
      orderId: String(row.order_id),
      packageId: row.package_id === null ? null : String(row.package_id),
      coins: Number(row.coins),
      bonus: Number(row.bonus),
      amount: Number(row.amount),
      currency: String(row.currency),
      state: row.state,
      createdAt: Number(row.created_at),
      paidAt: row.paid_at === null ? null : Number(row.paid_at),
    },
    'coin_orders',
  );

const toTransaction = (row: Row): Transaction =>
  rowAs(
    coinTransaction,
    {
      id: String(row.id),
      kind: row.kind,
      coins: Number(row.coins),
      amount: row.price_cents === null ? null : Number(row.price_cents),
      currency: row.currency === null ? null : String(row.currency),
      state: row.state,
      note: row.note === null ? null : String(row.note),
      createdAt: seconds(Number(row.created_at)),
    },
    'coin_transactions',
  );

/** The user's balance: 0 for a user who never had coins. */
export function balanceOf(db: Db, uid: string): number {
  return Number(db.prepare('SELECT balance FROM coin_balances WHERE uid = ?').get(uid)?.balance ?? 0);
}

/** Coins (bonus included) of the user's recharges still waiting for the provider. */
function pendingOf(db: Db, uid: string): number {
  return Number(db.prepare("SELECT COALESCE(SUM(coins), 0) AS n FROM coin_transactions WHERE uid = ? AND kind = 'recharge' AND state = 'pending'").get(uid)!.n);
}

/** Adds `coins` to the user's balance. Call inside a transaction, with the record that credits them. */
function credit(db: Db, uid: string, coins: number): void {
  db.prepare('INSERT INTO coin_balances (uid, balance) VALUES (?, ?) ON CONFLICT (uid) DO UPDATE SET balance = balance + excluded.balance').run(uid, coins);
}

/**
 * Sets the user's balance outright, without a record: the development route's override (server/api/dev.ts).
 * @example setBalance(db, '10001', 0)
 */
export function setBalance(db: Db, uid: string, balance: number): void {
  db.prepare('INSERT INTO coin_balances (uid, balance) VALUES (?, ?) ON CONFLICT (uid) DO UPDATE SET balance = excluded.balance').run(uid, balance);
}

/**
 * What an order buys and what it costs in `currency`: a package from the table, or a custom amount
 * within CUSTOM_AMOUNT. The price is the catalogue's; the body only names the package or the coins.
 */
function orderItem(db: Db, packageId: string | undefined, coins: number | undefined, currency: string) {
  if ((packageId === undefined) === (coins === undefined)) throw new ApiFailure('badRequest', 422, 'Give exactly one of packageId and coins.');
  if (packageId !== undefined) {
    const [row] = packageRows(db, currency, packageId);
    if (!row) throw new ApiFailure('badRequest', 422, 'No such package.');
    const p = toPackage(row);
    return { packageId: p.id, coins: p.coins, bonus: p.bonus, amount: p.price, currency: p.currency };
  }
  const { min, max, centsPerCoin } = customIn(db, currency);
  if (coins! < min || coins! > max) throw new ApiFailure('badRequest', 422, `A custom amount is ${min} to ${max} coins.`);
  return { packageId: null, coins: coins!, bonus: 0, amount: coins! * centsPerCoin, currency };
}

/**
 * What the payment provider's notification, or the user abandoning the recharge, does to a coin order
 * (which notifications change an order: `settles`, ./orders.ts). In one transaction: `paid`
 * marks the order paid, its record credited and adds the record's coins (bonus included) to the
 * balance; `failed` and `cancelled` mark both so, and the record says which.
 * @returns the order after the notification, or undefined when there is no such order
 */
export function settleCoinOrder(db: Db, orderId: string, outcome: ProviderOutcome, nowMs: number): Order | undefined {
  return transaction(db, () => {
    const select = db.prepare('SELECT * FROM coin_orders WHERE order_id = ?');
    const row = select.get(orderId);
    if (!row) return undefined;
    if (!settles(row, outcome)) return toOrder(row);
    const uid = String(row.uid);
    const recordId = String(row.transaction_id);
    const record = db.prepare("SELECT coins FROM coin_transactions WHERE id = ? AND state IN ('pending', 'cancelled')").get(recordId);
    if (!record) throw new Error(`coin order ${orderId}: pending record ${recordId} is gone`);
    if (outcome === 'paid') {
      db.prepare("UPDATE coin_orders SET state = 'paid', paid_at = ? WHERE order_id = ?").run(seconds(nowMs), orderId);
      db.prepare("UPDATE coin_transactions SET state = 'credited' WHERE id = ?").run(recordId);
      credit(db, uid, Number(record.coins));
    } else {
      db.prepare('UPDATE coin_orders SET state = ? WHERE order_id = ?').run(outcome, orderId);
      db.prepare('UPDATE coin_transactions SET state = ? WHERE id = ?').run(outcome, recordId);
    }
    return toOrder(select.get(orderId)!);
  });
}

type CoinHandlers = Pick<Handlers, 'coinBalance' | 'coinPackages' | 'coinCreateOrder' | 'coinOrderStatus' | 'coinCancelOrder' | 'coinTransactions'>;

/** The coins area's handlers, spread into HANDLERS (server/api/handlers.ts). */
export const COIN_HANDLERS: CoinHandlers = {
  coinBalance: ({ db, user }) => ({ balance: balanceOf(db, user.uid), pending: pendingOf(db, user.uid) }),

  coinPackages: ({ db, body }) => {
    const currency = currencyOf(body.region);
    return { packages: packageRows(db, currency).map(toPackage), custom: customIn(db, currency), paymentAvailable: paymentAllowed(body.region) };
  },

  coinCreateOrder: ({ db, user, body, now }) => {
    const uid = user.uid;
    const item = orderItem(db, body.packageId, body.coins, currencyOf(body.region));
    if (!paymentAllowed(body.region)) throw new ApiFailure('payRegion', 403);
    // One order per (uid, attempt): a double tap or a retry finds the first one, unchanged. The
    // order and its pending record land together, or neither does.
    return transaction(db, () => {
      const select = db.prepare('SELECT * FROM coin_orders WHERE uid = ? AND attempt = ?');
      const existing = select.get(uid, body.attempt);
      if (existing) return { order: toOrder(existing) };
      const recordId = randomId('t-');
      db.prepare(
        `INSERT INTO coin_transactions (id, uid, kind, coins, price_cents, currency, state, note, created_at)
         VALUES (?, ?, 'recharge', ?, ?, ?, 'pending', NULL, ?)`,
      ).run(recordId, uid, item.coins + item.bonus, item.amount, item.currency, now);
      db.prepare(
        `INSERT INTO coin_orders (order_id, uid, attempt, package_id, coins, bonus, amount, currency, pay_type, state, created_at, transaction_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?)`,
      ).run(
        randomId(COIN_ORDER_PREFIX),
        uid,
        body.attempt,
        item.packageId,
        item.coins,
        item.bonus,
        item.amount,
        item.currency,
        body.payType,
        seconds(now),
        recordId,
      );
      return { order: toOrder(select.get(uid, body.attempt)!) };
    });
  },

  coinOrderStatus: ({ db, user, body }) => {
    const uid = user.uid;
    // Another user's order answers as an unknown one: order ids must not leak whose they are.
    const row = db.prepare('SELECT * FROM coin_orders WHERE order_id = ? AND uid = ?').get(body.orderId, uid);
    if (!row) throw new ApiFailure('notFound', 404, 'No such order.');
    return { order: toOrder(row), balance: balanceOf(db, uid) };
  },

  coinCancelOrder: ({ db, user, body, now }) => ({ order: abandon(db, 'coin_orders', user.uid, body.orderId, now, settleCoinOrder)! }),

  coinTransactions: ({ db, user, body }) => {
    const { rows, next } = pageRows(db, 'SELECT * FROM coin_transactions WHERE uid = ?', [user.uid], body.cursor, body.limit);
    return { items: rows.map(toTransaction), next };
  },
};
