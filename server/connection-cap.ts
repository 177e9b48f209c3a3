/**
 * The connection caps of serveWithLimits (server/http-limits.ts): at most `perAddress` open per
 * client and `total` in all, the total shared out among addresses rather than first come. First come,
 * 82 addresses holding 1,048 slow request heads filled the 1,000 and every newcomer was reset until
 * the header timeout, and once 750 were open an address behind a carrier NAT got 4 of 12 requests
 * through (the rule then: past three quarters, no more for an address holding 4).
 */
import type { Socket } from 'node:net';
import { clientKey, type ProxyTrust } from './client';

interface Holder {
  /** Oldest first (a Set keeps insertion order): the first one closed when the address must give one up. */
  sockets: Set<Socket>;
  /** A listed proxy (TRUST_PROXY): it carries many clients, so no cap per address and never made to give one up. */
  proxy: boolean;
}

/**
 * Counts the open connections per client and decides on each new one. Once the total is reached, a
 * newcomer gets in by closing a connection of the address that holds the most, if that address holds
 * at least two more than the newcomer's (so the move makes the shares more equal, never swaps one
 * holder for another): the total goes to the addresses in equal shares, and an address that holds
 * none gets in while any address holds two. A connection in the middle of a request is closed only
 * when that address has no other (a head still arriving, or one idle between requests).
 * @example const cap = new ConnectionCap({ perAddress: 64, total: 1000 }, TRUST_NOBODY);
 * server.on('connection', (socket) => cap.admit(socket) || socket.destroy());
 */
export class ConnectionCap {
  /** Connections open now. */
  open = 0;
  /** Connections closed at once because the address was at its cap, or every address held as few. */
  refused = 0;
  /** Connections closed to make room for an address that held fewer. */
  evicted = 0;
  private readonly holders = new Map<string, Holder>();
  private readonly serving = new WeakSet<Socket>();

  constructor(
    private readonly limits: { perAddress: number; total: number },
    private readonly trustProxy: ProxyTrust,
  ) {}

  /** True if `socket` is taken in (and counted until it closes); false if it must be closed unread. */
  admit(socket: Socket): boolean {
    const key = clientKey(socket.remoteAddress);
    const holder = this.holders.get(key) ?? { sockets: new Set<Socket>(), proxy: this.trustProxy.trusts(socket.remoteAddress) };
    if (!holder.proxy && holder.sockets.size >= this.limits.perAddress) return this.refuse();
    if (this.open >= this.limits.total) {
      const victim = this.heaviest(holder.proxy ? 0 : holder.sockets.size);
      if (!victim) return this.refuse();
      // Counted out now, not on its 'close' (a tick later), so the next newcomer sees the true count.
      this.release(...victim);
      victim[1].destroy();
      this.evicted += 1;
    }
    holder.sockets.add(socket);
    this.holders.set(key, holder);
    this.open += 1;
    socket.once('close', () => this.release(key, socket));
    return true;
  }

  /** Marks `socket` as serving a request (true) or between requests (false). */
  busy(socket: Socket, serving: boolean): void {
    if (serving) this.serving.add(socket);
    else this.serving.delete(socket);
  }

  /** The connection to close for a newcomer whose address holds `newcomerHolds`: from the heaviest address, if it holds two more. */
  private heaviest(newcomerHolds: number): [string, Socket] | undefined {
    let heaviest: [string, Holder] | undefined;
    for (const [key, holder] of this.holders) {
      if (!holder.proxy && holder.sockets.size > (heaviest?.[1].sockets.size ?? 0)) heaviest = [key, holder];
    }
    if (!heaviest || heaviest[1].sockets.size < newcomerHolds + 2) return undefined;
    const [key, { sockets }] = heaviest;
    for (const socket of sockets) if (!this.serving.has(socket)) return [key, socket];
    return [key, sockets.values().next().value!];
  }

  private release(key: string, socket: Socket): void {
    const holder = this.holders.get(key);
    if (!holder?.sockets.delete(socket)) return;
    this.open -= 1;
    if (!holder.sockets.size) this.holders.delete(key);
  }

  private refuse(): false {
    this.refused += 1;
    return false;
  }
}
