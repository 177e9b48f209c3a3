/**
 * One client's share of the server's one thread. Every API request is parsed, checked and
 * answered on the thread all clients share, a step that does not wait for anything once it has begun;
 * 32 heavy bodies sent at once by one address ran back to back while another client's read waited
 * behind all of them (2-14 ms became 1.0-4.5 s). Here each client runs at most `perClient` requests
 * at a time and waits in its own line for the rest; a request that finishes hands its turn to the
 * next of the same client only after the event loop has run once, so whatever other clients have
 * sent by then goes first. A client's share of the thread is then about one in as many clients as
 * are busy, whatever it sends. The line is bounded: past `queueLimit` waiting, a client is told to
 * come back (429) instead of holding memory.
 *
 * A request waits for its turn before its body is read, and reading is work too: 32 bodies of 0.8 MB
 * read at once are 25 MB of socket callbacks between another client's request and its answer. A
 * waiting body stays in the kernel's buffers (TCP's flow control holds the sender), not in the
 * server's memory. Waiting is bounded like reading: a request whose turn has not come within the body
 * deadline is answered 408. A slow body holds its client's turn while it arrives, within that deadline:
 * behind one NAT address a phone on a bad link delays the others of that address, as it could
 * already by holding connections, and the API's bodies are a few KB.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiFailure, WIRE_MESSAGES } from './failure';
import { TURN_WAITED, closeWith, readsOwnBody } from '../http-limits';

export interface FairShareOptions {
  /** Requests of one client in progress at once. */
  perClient?: number;
  /** Requests of one client waiting for their turn; one more is refused. */
  queueLimit?: number;
}

/**
 * The defaults: a page's first screen sends three or four reads at once, all answered in a few
 * milliseconds; a whole office behind one NAT address still queues well within 64.
 */
export const FAIR_SHARE_DEFAULTS = { perClient: 4, queueLimit: 64 } as const;

/** Thrown by `run` for a client whose line is full. */
export class ClientBusy extends Error {
  constructor() {
    super('Too many requests from this client at once');
  }
}

/** Thrown by `run` when the turn did not come within the wait it was given. */
export class TurnTimeout extends Error {
  constructor() {
    super('The turn did not come in time');
  }
}

interface Line {
  running: number;
  waiting: Array<() => void>;
}

/**
 * @example
 * const fair = new FairShare();
 * await fair.run('198.51.100.4', () => answer(request));
 */
export class FairShare {
  private readonly perClient: number;
  private readonly queueLimit: number;
  /** Only clients with a request in progress: the map is empty when the server is idle. */
  private readonly lines = new Map<string, Line>();

  constructor({ perClient = FAIR_SHARE_DEFAULTS.perClient, queueLimit = FAIR_SHARE_DEFAULTS.queueLimit }: FairShareOptions = {}) {
    if (!(perClient >= 1) || !(queueLimit >= 0)) throw new RangeError('FairShare needs perClient ≥ 1 and queueLimit ≥ 0');
    this.perClient = perClient;
    this.queueLimit = queueLimit;
  }

  /**
   * Runs `work` in the client's turn; rejects without running it with ClientBusy when the line is full,
   * or with TurnTimeout when the turn has not come within `waitMs`.
   */
  async run<T>(client: string, work: () => Promise<T>, waitMs = Infinity): Promise<T> {
    let line = this.lines.get(client);
    if (!line) this.lines.set(client, (line = { running: 0, waiting: [] }));
    if (line.running < this.perClient) {
      line.running++;
    } else {
      if (line.waiting.length >= this.queueLimit) throw new ClientBusy();
      // The turn is handed over with `running` unchanged (handOver below).
      await this.turn(line, waitMs);
    }
    try {
      return await work();
    } finally {
      this.handOver(client, line);
    }
  }

  /** Requests of `client` in progress and waiting for their turn (for tests). */
  lineOf(client: string): { running: number; waiting: number } {
    const line = this.lines.get(client);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  /** Resolves when handOver gives this request the turn; a request that gave up leaves the line. */
  private turn(line: Line, waitMs: number): Promise<void> {
    return new Promise<void>((start, giveUp) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const begin = () => {
        clearTimeout(timer);
        start();
      };
      line.waiting.push(begin);
      // setTimeout's delay is a 32-bit int: a longer wait (or Infinity) needs no timer.
      if (waitMs < 2 ** 31) {
        timer = setTimeout(() => {
          const at = line.waiting.indexOf(begin);
          // Handed the turn already, its start on the way (handOver's setImmediate, which runs after
          // the timers of the same loop): it takes the turn. Giving up here lost that turn for good,
          // and the splice below, at -1, dropped another request from the line (a busy machine's
          // npm test: the next requests of that address waited out their deadline, 408).
          if (at < 0) return;
          line.waiting.splice(at, 1);
          giveUp(new TurnTimeout());
        }, waitMs);
      }
    });
  }

  private handOver(client: string, line: Line): void {
    const next = line.waiting.shift();
    if (next) {
      // setImmediate runs after the poll phase: other clients' requests that have arrived meanwhile
      // start first, rather than this client's next one at once.
      setImmediate(next);
      return;
    }
    if (--line.running === 0) this.lines.delete(client);
  }
}

/**
 * Every request with a body that the server reads whole (the API, tracking, the development routes)
 * in its client's turn, before the body is read; uploads, which read their own body for up to an
 * hour, and reads without a body go straight through. A full line is answered 429 `busy`, a turn that
 * did not come within `waitMs` 408, both with the connection closed (the body was not read).
 * @example app.use('/api/*', fairTurns(new FairShare(), (c) => clientOf(c, trustProxy), limits.bodyMs))
 */
export function fairTurns(fair: FairShare, clientOf: (c: Context) => string, waitMs: number): MiddlewareHandler {
  return async (c, next) => {
    const { method, path } = c.req;
    if (method === 'GET' || method === 'HEAD' || readsOwnBody(method, path)) return next();
    const arrived = performance.now();
    try {
      await fair.run(
        clientOf(c),
        () => {
          // The body's deadline counts from the request's arrival, its wait included (smallBodies).
          c.set(TURN_WAITED as never, (performance.now() - arrived) as never);
          return next();
        },
        waitMs,
      );
    } catch (error) {
      // The body was never read: drained, so that the socket closes on an empty buffer with a FIN
      // rather than a reset that would take the answer with it.
      (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.resume();
      if (error instanceof ClientBusy) {
        c.header('retry-after', '1');
        return closeWith(c, new ApiFailure('busy', 429, WIRE_MESSAGES.busy));
      }
      if (error instanceof TurnTimeout) return closeWith(c, new ApiFailure('requestTimeout', 408, `The request was not taken within ${waitMs / 1000} s.`));
      throw error;
    }
  };
}
