/**
 * Resource attacks on the reference server's connections: before server/http-limits.ts,
 * 20,000 connections trickling request bodies from one machine held 1 GB and made the server reset
 * new ones. Each test is such an attack, against a server with small limits (so it runs in seconds):
 * connections over a cap are closed at once, unread; slow ones are cut by their deadline; and a client
 * from another address is answered meanwhile. Loopback only (127.0.0.x); bounded in count and time.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../fixtures/api-server';

const limits = { perAddress: 20, total: 50, headersMs: 1500, bodyMs: 3000, idleMs: 10_000 };
const api = useApiServer('connections-', limits);
const port = () => Number(new URL(api.base).port);

/** One attacking connection: what it received, and when it was closed (ms after the attack began). */
interface Probe {
  received: string;
  closedAt: number;
}

/**
 * Opens a connection from `localAddress`, writes `head`, then one `drip` every 200 ms until the server
 * closes it. Resolves when it is closed.
 */
function attack(localAddress: string, head: string, drip: string, startedAt: number): Promise<Probe> {
  return new Promise((resolve) => {
    const probe: Probe = { received: '', closedAt: 0 };
    const socket: Socket = connect({ host: '127.0.0.1', port: port(), localAddress });
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write(drip), 200);
    });
    socket.on('data', (chunk) => (probe.received += chunk.toString('latin1')));
    // A connection closed under its writes reports EPIPE or ECONNRESET: that is the point.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      probe.closedAt = performance.now() - startedAt;
      resolve(probe);
    });
  });
}

/** A plain GET on a fresh connection from `localAddress`: the status and how long it took. */
function normalRequest(localAddress: string, path = '/api/health'): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: port(), path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: Math.round(performance.now() - start) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const statusOf = (probe: Probe) => /^HTTP\/1\.1 (\d{3})/.exec(probe.received)?.[1];

/**
 * `attackers` connections from 127.0.0.1 that send `head` and then trickle `drip`; once they hold their
 * connections, a user behind 127.0.0.2 asks for something. Which connections were refused at once,
 * which were cut with 408, and how that user fared.
 */
async function underAttack(attackers: number, head: string, drip: string) {
  const startedAt = performance.now();
  const probes = Array.from({ length: attackers }, () => attack('127.0.0.1', head, drip, startedAt));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const normal = await normalRequest('127.0.0.2');
  const answeredAt = performance.now() - startedAt;
  const done = await Promise.all(probes);
  return { refused: done.filter((probe) => probe.received === ''), cut: done.filter((probe) => statusOf(probe) === '408'), normal, answeredAt };
}

describe('slow request bodies', () => {
  it('closes connections over the per-address cap at once, cuts the slow ones at the body deadline with 408, and answers others meanwhile', async () => {
    const ATTACKERS = 200;
    // Headers whole and at once, then a body of 1000 bytes one byte at a time: 200 s to arrive.
    const head = 'POST /api/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { refused, cut, normal, answeredAt } = await underAttack(ATTACKERS, head, '{');
    expect(refused).toHaveLength(ATTACKERS - limits.perAddress);
    expect(cut).toHaveLength(limits.perAddress);
    expect(cut.every((probe) => probe.received.includes('"code":"requestTimeout"') && /connection: close/i.test(probe.received))).toBe(true);
    // "At once": every refused connection was gone before the first slow one was cut.
    expect(Math.max(...refused.map((probe) => probe.closedAt))).toBeLessThan(Math.min(...cut.map((probe) => probe.closedAt)));
    expect(normal.status).toBe(200);
    // "Meanwhile": the slow connections were still held when the other user was answered.
    expect(answeredAt).toBeLessThan(Math.min(...cut.map((probe) => probe.closedAt)));
    expect(api.stats().refused).toBeGreaterThanOrEqual(ATTACKERS - limits.perAddress);
    console.log(
      `slow bodies: ${ATTACKERS} connections from 127.0.0.1; ${refused.length} closed at once (the last after ${Math.round(Math.max(...refused.map((p) => p.closedAt)))} ms), ` +
        `${cut.length} cut with 408 after ${Math.round(Math.min(...cut.map((p) => p.closedAt)))}–${Math.round(Math.max(...cut.map((p) => p.closedAt)))} ms (deadline ${limits.bodyMs} ms); ` +
        `a request from 127.0.0.2 answered ${normal.status} in ${normal.ms} ms meanwhile`,
    );
    // The attack is over: the address may connect again.
    expect((await normalRequest('127.0.0.1')).status).toBe(200);
  }, 30_000);
});

describe('a body no route reads', () => {
  it('answers a GET that carries a trickling body, then closes its connection once the body is late', async () => {
    const startedAt = performance.now();
    const probe = await attack('127.0.0.1', 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n', 'x', startedAt);
    expect(statusOf(probe)).toBe('200');
    console.log(
      `GET with a slow body: answered, then closed after ${Math.round(probe.closedAt)} ms (body deadline ${limits.bodyMs} ms + header timeout ${limits.headersMs} ms)`,
    );
  }, 30_000);
});

describe('slow request heads (slowloris)', () => {
  it('closes a connection whose headers never end after the header timeout, with 408, and answers others meanwhile', async () => {
    const ATTACKERS = 30;
    const { refused, cut, normal, answeredAt } = await underAttack(ATTACKERS, 'GET /vip-center HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(refused).toHaveLength(ATTACKERS - limits.perAddress);
    expect(cut).toHaveLength(limits.perAddress);
    expect(normal.status).toBe(200);
    expect(answeredAt).toBeLessThan(Math.min(...cut.map((probe) => probe.closedAt)));
    console.log(
      `slowloris: ${ATTACKERS} connections; ${refused.length} closed at once, ${cut.length} cut with 408 after ` +
        `${Math.round(Math.min(...cut.map((p) => p.closedAt)))}–${Math.round(Math.max(...cut.map((p) => p.closedAt)))} ms (header timeout ${limits.headersMs} ms); ` +
        `a request from 127.0.0.2 answered in ${normal.ms} ms meanwhile`,
    );
  }, 30_000);
});

describe('many addresses', () => {
  it('holds at most the overall cap of connections, whatever addresses they come from', async () => {
    const startedAt = performance.now();
    const addresses = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];
    // 60 slow heads, 20 per address: each address is within its cap, together they are over 50.
    const probes = addresses.flatMap((address) =>
      Array.from({ length: limits.perAddress }, () => attack(address, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n', startedAt)),
    );
    // While they are held, clients from new addresses still get in (once, 17 addresses × 64 slow
    // heads filled the total and locked everyone out until the header timeout).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const newcomers = await Promise.all(['127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9'].map((address) => normalRequest(address)));
    const done = await Promise.all(probes);
    const held = done.filter((probe) => statusOf(probe) === '408').length;
    expect(held).toBeLessThanOrEqual(limits.total);
    expect(held).toBeGreaterThanOrEqual(Math.ceil(limits.total * 0.75));
    expect(done.filter((probe) => probe.received === '')).toHaveLength(addresses.length * limits.perAddress - held);
    expect(newcomers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await normalRequest('127.0.0.2')).status).toBe(200);
  }, 30_000);
});

describe('a body of no declared length (chunked)', () => {
  const head = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

  /** Writes `parts` on one connection and gives everything the server sent until it closed. */
  function exchange(parts: string[]): Promise<string> {
    return new Promise((resolve) => {
      let received = '';
      const socket = connect({ host: '127.0.0.1', port: port() }, () => parts.forEach((part) => socket.write(part)));
      socket.on('data', (data) => (received += data.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
    });
  }

  it('reads it whole, in pieces, and hands it to the route', async () => {
    const received = await exchange([head('/api/health'), chunk('request='), chunk('%7B%7D'), '0\r\n\r\n']);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('{"code":0,');
  });

  it('refuses one that grows past 1 MB with 413 while it arrives, and closes the connection', async () => {
    const piece = chunk('a'.repeat(64 * 1024));
    const received = await exchange([head('/api/health'), ...Array.from({ length: 20 }, () => piece)]);
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received).toContain('"code":"tooLarge"');
    expect(received).toMatch(/connection: close/i);
  });

  it('cuts one that trickles with 408 at the body deadline', async () => {
    const startedAt = performance.now();
    const probe = await attack('127.0.0.1', head('/api/health') + chunk('request='), chunk('x'), startedAt);
    expect(statusOf(probe)).toBe('408');
    expect(probe.received).toContain('"code":"requestTimeout"');
    expect(probe.closedAt).toBeGreaterThanOrEqual(limits.bodyMs - 100);
  }, 30_000);
});
