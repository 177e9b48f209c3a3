import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TRUST_NOBODY, parseTrustProxy } from './client';
import { ConnectionCap } from './connection-cap';

/** Just what the cap reads of a socket; `destroy` closes it a tick later, as Node does. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  destroy() {
    this.destroyed = true;
    queueMicrotask(() => this.emit('close'));
  }
}

/** Connects `count` sockets from `address`: the ones taken in. */
function connect(cap: ConnectionCap, address: string, count: number): FakeSocket[] {
  const sockets = Array.from({ length: count }, () => new FakeSocket(address));
  return sockets.filter((socket) => cap.admit(socket as unknown as Socket));
}

describe('ConnectionCap', () => {
  it('refuses an address at its own cap, whatever room is left', () => {
    const cap = new ConnectionCap({ perAddress: 3, total: 10 }, TRUST_NOBODY);
    expect(connect(cap, '203.0.113.1', 5)).toHaveLength(3);
    expect([cap.open, cap.refused, cap.evicted]).toEqual([3, 2, 0]);
  });

  it('lets a newcomer in when full by closing a connection of the address holding the most, oldest first', () => {
    const cap = new ConnectionCap({ perAddress: 10, total: 10 }, TRUST_NOBODY);
    const heavy = connect(cap, '203.0.113.1', 7);
    connect(cap, '203.0.113.2', 3);
    expect(connect(cap, '198.51.100.1', 1)).toHaveLength(1);
    expect(heavy.map((socket) => socket.destroyed)).toEqual([true, false, false, false, false, false, false]);
    expect([cap.open, cap.evicted]).toEqual([10, 1]);
  });

  it('shares the total out equally and then refuses: a newcomer gets in while any address holds two more than it', () => {
    const cap = new ConnectionCap({ perAddress: 10, total: 6 }, TRUST_NOBODY);
    connect(cap, '203.0.113.1', 6);
    expect(connect(cap, '198.51.100.1', 10)).toHaveLength(3);
    // 3 and 3: one more either way would only swap one holder for another.
    expect(connect(cap, '203.0.113.1', 1)).toHaveLength(0);
    expect(connect(cap, '198.51.100.2', 2)).toHaveLength(2);
    expect([cap.open, cap.refused, cap.evicted]).toEqual([6, 8, 5]);
  });

  it('closes a connection that is serving a request only when its address has no other', () => {
    const cap = new ConnectionCap({ perAddress: 10, total: 3 }, TRUST_NOBODY);
    const [first, second, third] = connect(cap, '203.0.113.1', 3);
    cap.busy(first as unknown as Socket, true);
    cap.busy(second as unknown as Socket, true);
    connect(cap, '198.51.100.1', 1);
    expect([first, second, third].map((socket) => socket!.destroyed)).toEqual([false, false, true]);
    connect(cap, '198.51.100.2', 1);
    expect(first!.destroyed).toBe(true);
  });

  it('counts a closed connection out, once', async () => {
    const cap = new ConnectionCap({ perAddress: 10, total: 2 }, TRUST_NOBODY);
    const [socket] = connect(cap, '203.0.113.1', 2);
    socket!.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cap.open).toBe(1);
    // Evicted: counted out at once, and its later 'close' counts nothing.
    connect(cap, '203.0.113.1', 1);
    connect(cap, '198.51.100.1', 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect([cap.open, cap.evicted]).toEqual([2, 1]);
  });

  it('exempts a listed proxy from the cap per address and never closes its connections for a newcomer', () => {
    const cap = new ConnectionCap({ perAddress: 2, total: 5 }, parseTrustProxy('10.0.0.1'));
    const proxied = connect(cap, '10.0.0.1', 4);
    expect(proxied).toHaveLength(4);
    connect(cap, '203.0.113.1', 1);
    expect(connect(cap, '198.51.100.1', 1)).toHaveLength(0);
    expect(proxied.some((socket) => socket.destroyed)).toBe(false);
  });
});
