/**
 * Field reports (docs/field.md): what each page reports about itself on the phone it ran on,
 * checked against the shared contract (src/shared/field/contract.ts) and stored one row per event.
 * Anonymous: pages report signed out too, and nothing here says who sent a batch. That makes the
 * address the only thing to bound a sender by, so every bound is one an anonymous flood cannot
 * escape: batches per address before the body is read (fieldGate), events per address and per page
 * view as they are stored, rows in all and their age (fieldRoutes).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { parseFieldBatch } from '../../src/shared/field/contract';
import { FIELD_BODY_MAX_BYTES, FIELD_VIEW_EVENTS_MAX } from '../../src/shared/field/rules';
import { TRUST_NOBODY } from '../client';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { closeWith } from '../http-limits';
import { DAY_MS } from '../time';
import { ApiFailure, refuse } from './failure';
import { FailureLimiter } from './opener';
import { clientOf as clientOfRequest } from './pipeline';

export interface FieldLimits {
  /** Rows kept in all; past it the oldest go, by arrival. */
  rowsMax: number;
  /** Rows older than this go. */
  maxAgeMs: number;
  /** The age sweep runs at most this often, in whichever batch comes first. */
  sweepEveryMs: number;
  /** Batches one address may send in a sliding minute; the next is refused unread (429). */
  batchesPerMinute: number;
  /** Events stored from one address in a sliding hour; past it a batch's events are dropped (200). */
  eventsPerHour: number;
  /** Addresses counted at once; the one counted longest ago is forgotten first. */
  maxAddresses: number;
}

/**
 * The defaults. A page sends a batch when it is hidden, and one earlier if it fills 30 events, so an
 * address sends a few a minute per person behind it: 120 leaves room for a small office behind one
 * NAT. 3,000 events an hour from one address keep a single flooding address (or a page stuck in a
 * loop of errors) from turning over the 100,000 rows in under 33 hours; 30 days is a release's life.
 */
export const FIELD_LIMITS: FieldLimits = {
  rowsMax: 100_000,
  maxAgeMs: 30 * DAY_MS,
  sweepEveryMs: 60_000,
  batchesPerMinute: 120,
  eventsPerHour: 3_000,
  maxAddresses: 10_000,
};

export interface FieldOptions {
  /** Whom a request counts against (server/api/pipeline.ts clientOf); by its socket's peer when not given. */
  clientOf?: (c: Context) => string;
  limits?: Partial<FieldLimits>;
}

const byPeer = (c: Context) => clientOfRequest(c, TRUST_NOBODY);

/**
 * Refuses, before the body is read, a batch from an address past its batches a minute (429
 * `tooManyRequests`, Retry-After) and one whose declared length is over FIELD_BODY_MAX_BYTES (413
 * `tooLarge`); both close the connection, the body unread. Mount it before the body is read
 * (smallBodies): past that point a flood costs the read of each body, up to 1 MB, on the thread all
 * clients share.
 * @example app.use('/api/field', fieldGate(now, { clientOf: (c) => clientOf(c, trustProxy) }))
 */
export function fieldGate(now: () => number = Date.now, { clientOf = byPeer, limits }: FieldOptions = {}): MiddlewareHandler {
  const { batchesPerMinute, maxAddresses } = { ...FIELD_LIMITS, ...limits };
  const batches = new FailureLimiter(batchesPerMinute, 60_000, maxAddresses);
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const client = clientOf(c);
    const time = now();
    if (batches.blocked(client, time)) {
      c.header('retry-after', String(batches.retryAfterSeconds));
      return closeWith(c, new ApiFailure('tooManyRequests', 429, 'Too many field reports from this address; try again later.'));
    }
    // Counted whatever comes of it: a refused batch costs its parsing all the same.
    batches.fail(client, time);
    if (Number(c.req.header('content-length') ?? 0) > FIELD_BODY_MAX_BYTES) return closeWith(c, tooLarge());
    return next();
  };
}

const tooLarge = () => new ApiFailure('tooLarge', 413, `The batch is larger than ${FIELD_BODY_MAX_BYTES / 1024} KB.`);

/**
 * `POST /api/field`: a batch is stored if it keeps the contract, as far as its page view's and its
 * address's bounds allow; the events past them are dropped, and the answer says how many were kept:
 * `{ code: 0, data: { accepted, dropped } }`. Refusals store nothing: 413 `tooLarge`, 422 `badRequest`
 * with where the batch broke the contract.
 * @example app.route('/', fieldRoutes(db, now, { clientOf: (c) => clientOf(c, trustProxy) }))
 */
export function fieldRoutes(db: Db, now: () => number = Date.now, { clientOf = byPeer, limits }: FieldOptions = {}): Hono {
  const { rowsMax, maxAgeMs, sweepEveryMs, eventsPerHour, maxAddresses } = { ...FIELD_LIMITS, ...limits };
  const stored = new FailureLimiter(eventsPerHour, 3_600_000, maxAddresses);
  const insert = db.prepare(
    `INSERT INTO field_events (received_at, view, route, locale, engine, major, app, in_app, kind, data)
     VALUES (:received_at, :view, :route, :locale, :engine, :major, :app, :in_app, :kind, :data)`,
  );
  const ofView = db.prepare('SELECT COUNT(*) AS n FROM field_events WHERE view = ?');
  // Ids are given in arrival order and only the oldest are ever deleted, so the newest rowsMax rows are
  // those above MAX(id) - rowsMax: a bound found through the primary key, without counting the table.
  const overflow = db.prepare('DELETE FROM field_events WHERE id <= (SELECT MAX(id) FROM field_events) - ?');
  const expired = db.prepare('DELETE FROM field_events WHERE received_at < ?');
  let sweptAt = -Infinity;

  const api = new Hono();
  api.post('/api/field', async (c) => {
    try {
      // The whole body is already in memory (smallBodies read it, ≤ 1 MB); a chunked one had no length for fieldGate to refuse.
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > FIELD_BODY_MAX_BYTES) return refuse(c, tooLarge());
      const parsed = parseFieldBatch(body);
      if (!parsed.ok) return refuse(c, new ApiFailure('badRequest', 422, parsed.message));
      const { events, ...context } = parsed.batch;
      const time = now();
      const client = clientOf(c);
      const accepted = transaction(db, () => {
        if (time - sweptAt >= sweepEveryMs) {
          sweptAt = time;
          expired.run(time - maxAgeMs);
        }
        const viewRoom = FIELD_VIEW_EVENTS_MAX - Number(ofView.get(context.view)!.n);
        const addressRoom = Math.floor(eventsPerHour - stored.estimate(client, time));
        const kept = events.slice(0, Math.max(0, Math.min(viewRoom, addressRoom)));
        for (const { kind, ...data } of kept) {
          insert.run({
            received_at: time,
            view: context.view,
            route: context.route,
            locale: context.locale,
            engine: context.engine.name,
            major: context.engine.major,
            app: context.app,
            in_app: context.inApp ? 1 : 0,
            kind,
            data: JSON.stringify(data),
          });
        }
        if (kept.length) overflow.run(rowsMax);
        return kept.length;
      });
      if (accepted) stored.fail(client, time, accepted);
      return c.json({ code: 0, data: { accepted, dropped: events.length - accepted } });
    } catch (error) {
      // A fault of ours (the database): logged here, never shown to the client.
      console.error(error);
      return refuse(c, new ApiFailure('server', 500, 'The server failed.'));
    }
  });
  return api;
}
