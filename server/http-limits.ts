/**
 * What one client and one connection may hold of the reference server, so that slow or numerous
 * clients cannot take its memory or its sockets (without them, 20,000 slow request bodies held 1 GB
 * and made new connections fail). `npm start` (server/main.ts) and every test server start through
 * `serveWithLimits`, and createApp takes the same limits for the two deadlines it enforces itself
 * (a small body's, an upload's pace), so tests can shrink every number in one object.
 *
 * Layers, outermost first:
 * - connections: at most `perAddress` open per client (server/client.ts: an IPv6 client by its /64,
 *   `::1` as `127.0.0.1`) and `total` in all, the total shared out among addresses: once it is
 *   reached, a newcomer gets in by closing a connection of the address holding the most
 *   (server/connection-cap.ts); one that does not get in is closed at once, unread;
 * - headers: the whole request head within `headersMs` (Node answers 408 and closes);
 * - a body other than an upload (the API, tracking, development routes, all ≤ 1 MB): read whole within
 *   `bodyMs` and at most 1 MB, else 408 or 413 and close (`smallBodies`); a body no route reads (a
 *   GET that carries one) closes its connection `headersMs` later;
 * - an upload: a byte at least every `uploadStallMs`, `uploadMinBytes` in every `uploadRateWindowMs`,
 *   and all of it within `uploadMaxMs`
 *   (server/api/upload.ts reads it);
 * - any connection silent both ways for `idleMs` is closed, and no request may take longer than
 *   `uploadMaxMs` plus `headersMs` (Node's own request timeout, a backstop behind the two above).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiFailure, refuse } from './api/failure';
import { TRUST_NOBODY, type ProxyTrust } from './client';
import { ConnectionCap } from './connection-cap';

export interface HttpLimits {
  /** The request line and headers must have arrived this long after the request began. */
  headersMs: number;
  /** A body that is not an upload must have arrived whole this long after its headers. */
  bodyMs: number;
  /** An upload is cut when no byte of it arrives for this long. */
  uploadStallMs: number;
  /** An upload is cut when it has not ended this long after its headers. */
  uploadMaxMs: number;
  /** An upload is cut when fewer than `uploadMinBytes` arrive in any `uploadRateWindowMs` (a trickle). */
  uploadMinBytes: number;
  uploadRateWindowMs: number;
  /** A connection with no bytes either way for this long is closed. */
  idleMs: number;
  /** Open connections one client address may hold; IPv6 addresses count by their /64. */
  perAddress: number;
  /** Open connections in all. */
  total: number;
}

/** The context variable with the time a request waited for its client's turn, in ms (server/api/fair.ts). */
export const TURN_WAITED = 'turnWaitedMs';

/**
 * The limits `npm start` runs with.
 * - headers 10 s: a request head is one packet; even a 2G link sends it in well under a second.
 * - small bodies 15 s: the largest allowed (1 MB) at 560 kbit/s; real API bodies are a few KB and
 *   tracking batches under 64 KB, which a poor mobile link sends in a second or two.
 * - uploads: 30 s without a byte means the link is gone (mobile stacks retransmit far sooner); one
 *   hour in all lets a 200 MiB file through at an average of 470 kbit/s; and at least 16 KB in every
 *   30 s (4.4 kbit/s, a tenth of a bad 2G link), so a byte every 20 s cannot hold a connection for
 *   the hour (without it, such an upload stayed open past 80 s).
 * - idle 60 s: longer than the upload stall, so an upload is cut by its own rule (its partial file
 *   removed, a 408 answered) rather than by the socket's.
 * - 64 connections per address: `npm run bench:server` runs 50 concurrent clients from 127.0.0.1,
 *   the end-to-end suite two browsers (each opens at most 6 per host and context); a carrier NAT
 *   puts many users behind one address, which is why it is not 6.
 * - 1000 in all: a few MB of sockets and parser state, far from the memory or file descriptors the
 *   process has, while a crowd of addresses can no longer make it run out of either; when it is
 *   full, an address holding none still gets in as long as any address holds two.
 */
export const HTTP_LIMITS: HttpLimits = {
  headersMs: 10_000,
  bodyMs: 15_000,
  uploadStallMs: 30_000,
  uploadMaxMs: 60 * 60_000,
  uploadMinBytes: 16 * 1024,
  uploadRateWindowMs: 30_000,
  idleMs: 60_000,
  perAddress: 64,
  total: 1000,
};

/** What `serveWithLimits` has done so far: for tests and for a look at a running server. */
export interface ConnectionStats {
  /** Connections open now. */
  open: number;
  /** Connections closed at once because a cap was reached. */
  refused: number;
  /** Connections closed to make room for an address that held fewer, once the total was reached. */
  evicted: number;
}

export interface ServeOptions {
  fetch: (request: Request, env: never) => Response | Promise<Response>;
  port: number;
  hostname: string;
  limits?: HttpLimits;
  /**
   * The proxies in front (TRUST_PROXY): a listed proxy carries many clients on its connections, so the
   * per-address cap does not apply to it, nor does it give up connections to newcomers (the total
   * holds; the API counts its clients one by one).
   */
  trustProxy?: ProxyTrust;
}

const caps = new WeakMap<ServerType, ConnectionCap>();

/**
 * Starts the app on Node's HTTP server with the timeouts and connection caps above.
 * @example serveWithLimits({ fetch: app.fetch, port: 4321, hostname: '127.0.0.1' }, (info) => console.log(info.port))
 */
export function serveWithLimits(
  { fetch, port, hostname, limits = HTTP_LIMITS, trustProxy = TRUST_NOBODY }: ServeOptions,
  onListen?: (info: AddressInfo) => void,
): ServerType {
  const server = serve(
    {
      fetch: fetch as never,
      port,
      hostname,
      serverOptions: {
        headersTimeout: limits.headersMs,
        requestTimeout: limits.uploadMaxMs + limits.headersMs,
        // Node checks both timeouts on this interval (30 s by default), so a 10 s limit would hold
        // for up to 40 s; a quarter of the header limit keeps it within 25 %.
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersMs / 4))),
      },
    },
    onListen,
  );
  // With no 'timeout' listener anywhere, Node destroys a socket silent for this long.
  server.setTimeout(limits.idleMs);
  const cap = new ConnectionCap(limits, trustProxy);
  caps.set(server, cap);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A connection serving a request is the last its address gives up to a newcomer.
    cap.busy(req.socket, true);
    res.once('close', () => cap.busy(req.socket, false));
    if (req.complete || readsOwnBody(req.method ?? '', pathOf(req.url ?? ''))) return;
    // smallBodies answers a late body with 408; a body no route reads (a GET that carries one is
    // answered and then drained) would hold its connection until requestTimeout. This closes it.
    const timer = setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, limits.bodyMs + limits.headersMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    // On the request, not its socket: a keep-alive socket carries many requests.
    req.once('end', stop);
    req.once('close', stop);
  });
  server.on('connection', (socket: Socket) => {
    // Before the parser has read a byte: nothing of a refused connection is served or buffered.
    if (!cap.admit(socket)) socket.destroy();
  });
  return server;
}

/**
 * The connection counts of a server started by serveWithLimits.
 * @example connectionStats(server).refused // 0
 */
export function connectionStats(server: ServerType): ConnectionStats {
  const cap = caps.get(server);
  return { open: cap?.open ?? 0, refused: cap?.refused ?? 0, evicted: cap?.evicted ?? 0 };
}

/**
 * Requests that read their own body at their own pace: uploads (POST /api/upload). Every other body is
 * small and read whole by smallBodies.
 * @example readsOwnBody('POST', '/api/upload') // true
 */
export function readsOwnBody(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/upload\/?$/.test(path);
}

/** The path of a request target, origin-form (`/a?b`) or absolute-form (`http://host/a`), as routing sees it. */
function pathOf(target: string): string {
  try {
    return new URL(target, 'http://localhost').pathname;
  } catch {
    return '';
  }
}

export interface SmallBodyOptions {
  /** Larger bodies are refused with 413 (by their length header at once, else while counting). */
  maxBytes: number;
  /** The body must have arrived this long after the middleware started reading it. */
  deadlineMs: number;
}

/**
 * Reads a request body (not an upload's: readsOwnBody) whole before any route sees it, within a
 * deadline and a size, so that no route can be held by a client trickling its body. Late: 408
 * `requestTimeout`; too large: 413 `tooLarge`; both with `connection: close`, since the rest of the
 * body is still on the socket. The routes then read the buffered copy as usual.
 * @example app.use(smallBodies({ maxBytes: 1024 * 1024, deadlineMs: 15_000 }))
 */
export function smallBodies({ maxBytes, deadlineMs }: SmallBodyOptions): MiddlewareHandler {
  return async (c, next) => {
    const { method, path } = c.req;
    const declared = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (method === 'GET' || method === 'HEAD' || (declared === undefined && !chunked) || readsOwnBody(method, path)) return next();
    if (declared !== undefined && !chunked && Number(declared) > maxBytes) return tooLargeBody(c, maxBytes);

    // One deadline from the request's arrival: a request that waited for its client's turn
    // (server/api/fair.ts) has that much less time to bring its body.
    const waited = Number(c.get(TURN_WAITED as never) ?? 0);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadlineMs - waited));
    });
    try {
      // A body of a declared length (Node's parser reads no more than it declares) is read in one step
      // and kept in the request's own cache, which the routes read: on Node this takes the body
      // straight from the socket, without the stream and second Request the chunked path builds, a
      // sixth of the server's time per API request under load (npm run bench:server).
      const read = chunked ? readChunked(c.req.raw, maxBytes) : c.req.arrayBuffer();
      const result = await Promise.race([read, late]);
      if (result === 'late') {
        // The pending read fails when the socket closes after the answer; nobody waits for it.
        read.catch(() => undefined);
        return closeWith(c, new ApiFailure('requestTimeout', 408, `The request body did not arrive within ${deadlineMs / 1000} s.`));
      }
      if (result === 'tooLarge') return tooLargeBody(c, maxBytes);
      if (chunked) c.req.raw = new Request(c.req.raw, { body: result });
    } catch {
      // The client went away mid-body: there is nobody to answer.
      return closeWith(c, new ApiFailure('badRequest', 400, 'The request body was cut off.'));
    } finally {
      clearTimeout(timer);
    }
    return next();
  };
}

/** A body of no declared length, counted as it arrives: the bytes, or 'tooLarge' past `maxBytes`. */
async function readChunked(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | 'tooLarge'> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return 'tooLarge';
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

const tooLargeBody = (c: Context, maxBytes: number) =>
  closeWith(
    c,
    new ApiFailure(
      'tooLarge',
      413,
      `The body is larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`}.`,
    ),
  );

/**
 * An answer given before the body was read whole: the connection must not carry another request,
 * since what is left of this one's body is still on it.
 * @example return closeWith(c, new ApiFailure('tooLarge', 413))
 */
export function closeWith(c: Context, failure: ApiFailure) {
  c.header('connection', 'close');
  return refuse(c, failure);
}
