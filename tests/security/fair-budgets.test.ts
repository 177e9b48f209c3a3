/**
 * The server's shared budgets once went to whoever came first. With 40 addresses sending
 * requests under fresh keys, 18 of 39 legitimate first page loads got 429 (the RSA budget); 82
 * addresses holding 1,048 slow request heads reset every newcomer for 10 s, and once 750 connections
 * were open an address behind a carrier NAT got 4 of 12 requests through (the connection cap). Each
 * test replays the attack at a small scale against the real server: the RSA budget on a clock the test
 * moves, the connection cap with every attacking connection counted in before the victims come, so
 * nothing is decided by timing. Loopback only (127.0.0.0/8: every address reaches a loopback server).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';
import { form, newPage, seal, type Page } from '../fixtures/seal';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');

/** What a caller sees of a request: its status, or 'reset' if the connection was closed unanswered. */
type Outcome = number | 'reset';

/** A request from `localAddress` on a connection of its own. */
function send(base: string, localAddress: string, { path = '/api/health', body }: { path?: string; body?: string } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) };
    const req = request(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', localAddress, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve('reset'));
    req.end(body);
  });
}

/** Waits (polling, no deadline of its own: the test's timeout is the limit) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);
const tally = (statuses: Outcome[]) => Object.fromEntries(Object.entries(Object.groupBy(statuses, String)).map(([status, list]) => [status, list!.length]));

describe('the RSA budget under a flood of fresh keys', () => {
  // A tenth of the server's 300 a second, and light below 2 unwraps a minute instead of 10, so the
  // flood's addresses become heavy within a few of its seconds.
  const IN_ALL = 30;
  const LIGHT = 2;
  // The start of a minute: the test's 34 s stay within one per-client window.
  let clock = Math.ceil(Date.now() / 60_000) * 60_000;
  const api = useApiServer('fair-rsa-', { now: () => clock, opener: { unwrapsPerSecond: IN_ALL, lightUnwraps: LIGHT } });
  const ATTACKERS = addresses('127.0.3', 40);
  const sealed = (page?: Page) => form(seal({}, PUBLIC, { path: '/api/health', ts: clock }, page));

  /** One second of the flood: each attacking address in turn sends a request under a key of its own. */
  async function floodSecond(): Promise<Outcome[]> {
    // Two seconds on: the count of the second before is not carried into this one.
    clock += 2_000;
    const statuses: Outcome[] = [];
    for (const address of ATTACKERS) statuses.push(await send(api.base, address, { body: sealed() }));
    return statuses;
  }

  /** A page's first load from a new address: three requests under the page's one key (one RSA step). */
  async function firstPageLoad(address: string): Promise<Outcome[]> {
    const page = newPage(PUBLIC);
    const statuses: Outcome[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await send(api.base, address, { body: sealed(page) }));
    return statuses;
  }

  it('answers every first page load from a new address while 40 addresses flood it with fresh keys', async () => {
    // The flood runs before anyone else comes; its addresses are light for their first 2 unwraps.
    for (let i = 0; i < 4; i++) await floodSecond();
    const loads: Outcome[][] = [];
    const flood: Outcome[] = [];
    const visitors = addresses('127.0.4', 39);
    for (let second = 0; second < 13; second++) {
      flood.push(...(await floodSecond()));
      for (const address of visitors.slice(second * 3, second * 3 + 3)) loads.push(await firstPageLoad(address));
    }
    console.log(
      `RSA budget: 39 first page loads during the flood: ${JSON.stringify(tally(loads.flat()))}; the flood's ${flood.length} requests: ${JSON.stringify(tally(flood))}`,
    );
    expect(loads).toEqual(visitors.map(() => [200, 200, 200]));
    // The flood still gets what the heavy share allows, two thirds of 30 a second, and no more.
    expect(tally(flood)).toEqual({ 200: 13 * 20, 429: 13 * 20 });
  }, 120_000);
});

describe('the connection cap under a flood of slow request heads', () => {
  const limits = { perAddress: 20, total: 50, headersMs: 60_000, idleMs: 60_000 };
  const api = useApiServer('fair-connections-', limits);
  const held: Socket[] = [];
  /**
   * Connections the server has decided on: taken in, refused, or closed to make room (`evicted`, new
   * with fair sharing, is absent when the test replays against the server from before).
   */
  const decided = () => {
    const { open, refused, evicted } = api.stats();
    return open + refused + (evicted ?? 0);
  };

  /** A connection from `address` that sends part of a request head and never the rest (the header timeout is far off). */
  function slowHead(address: string): void {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(api.base).port), localAddress: address });
    socket.on('connect', () => socket.write('GET /vip-center HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    // Closed by the server (refused, or to make room): the point of the test.
    socket.on('error', () => undefined);
    held.push(socket);
  }

  /**
   * The flood in its order, scaled to a total of 50: first a few addresses take three quarters
   * of it (there, 12 × 64 of 1,000), then many take one each until it is full (70 × 4).
   */
  async function flood(heavyAddresses: number, lightAddresses: number): Promise<void> {
    const before = decided();
    for (const address of addresses('127.0.5', heavyAddresses)) for (let i = 0; i < limits.perAddress; i++) slowHead(address);
    await until(() => decided() - before === heavyAddresses * limits.perAddress);
    for (const address of addresses('127.0.6', lightAddresses)) slowHead(address);
    await until(() => decided() - before === heavyAddresses * limits.perAddress + lightAddresses);
  }

  afterEach(async () => {
    for (const socket of held.splice(0)) socket.destroy();
    await until(() => api.stats().open === 0);
  });

  it('lets every newcomer in while slow heads fill the total', async () => {
    await flood(2, 14);
    expect(api.stats().open).toBe(limits.total);
    const newcomers = await Promise.all(addresses('127.0.7', 8).map((address) => send(api.base, address)));
    console.log(`connection cap: total ${limits.total} full of slow heads from 16 addresses; 8 newcomers: ${JSON.stringify(tally(newcomers))}`);
    expect(newcomers).toEqual(Array(8).fill(200));
    expect(api.stats().open).toBeLessThanOrEqual(limits.total);
  }, 60_000);

  it('answers all 12 requests an address behind a NAT sends at once, with three quarters of the total held', async () => {
    await flood(2, 0);
    const nat = await Promise.all(Array.from({ length: 12 }, () => send(api.base, '127.0.8.1')));
    console.log(
      `connection cap: ${2 * limits.perAddress} of ${limits.total} held by slow heads; one address's 12 requests at once: ${JSON.stringify(tally(nat))}`,
    );
    expect(nat).toEqual(Array(12).fill(200));
  }, 60_000);
});
