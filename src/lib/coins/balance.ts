/**
 * Which coin balance to show. The host's `getKCoins` paints at once; the backend is the ledger, so its
 * figure replaces the host's as soon as it arrives, and stays when the host disagrees (the host's copy
 * may predate a recharge just credited).
 */

export interface BalanceView {
  coins: number;
  /** Coins of recharges paid but not credited yet (server only). */
  pending: number;
  /** 'host' until the server has answered: the page says it is still being confirmed. */
  source: 'host' | 'server';
  /** The host's figure differed from the server's. */
  corrected: boolean;
}

const valid = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * @example reconcileBalance(120, null) // { coins: 120, pending: 0, source: 'host', corrected: false }
 * @example reconcileBalance(120, { balance: 420, pending: 0 }) // { coins: 420, …, source: 'server', corrected: true }
 * @example reconcileBalance(null, null) // null: nothing to show yet
 */
export function reconcileBalance(host: number | null | undefined, server: { balance: number; pending: number } | null): BalanceView | null {
  const hostCoins = valid(host) ? host : null;
  if (server && Number.isSafeInteger(server.balance)) {
    return {
      coins: server.balance,
      pending: valid(server.pending) ? server.pending : 0,
      source: 'server',
      corrected: hostCoins !== null && hostCoins !== server.balance,
    };
  }
  return hostCoins === null ? null : { coins: hostCoins, pending: 0, source: 'host', corrected: false };
}
