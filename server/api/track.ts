/**
 * Tracking batches (src/lib/track): plain JSON, as `sendBeacon` sends it, checked against the shared
 * contract (src/shared/track/batch.ts) and stored whole or not at all. A batch speaks for the session in
 * its `common`, like an API request; its events are stored under that session's user. Each event
 * carries a random id and is stored once, so a batch sent twice (a retry after a lost answer) counts once.
 */
import { Hono } from 'hono';
import { parseTrackBatch } from '../../src/shared/track/batch';
import { TRACK_BODY_MAX_BYTES } from '../../src/shared/track/rules';
import type { Db } from '../db';
import { transaction } from '../db/transaction';
import { ApiFailure, refuse } from './failure';
import { sessionUser } from './sessions';

/** @example app.route('/', trackRoutes(db)) */
export function trackRoutes(db: Db, now: () => number = Date.now): Hono {
  const api = new Hono();
  const insert = db.prepare('INSERT INTO track_events (id, uid, kind, name, at, props, received_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  api.post('/api/track', async (c) => {
    try {
      // The whole body is already in memory (smallBodies read it, ≤ 1 MB); the contract's own limit is smaller.
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > TRACK_BODY_MAX_BYTES)
        return refuse(c, new ApiFailure('tooLarge', 413, `The batch is larger than ${TRACK_BODY_MAX_BYTES / 1024} KB.`));
      const parsed = parseTrackBatch(body);
      if (!parsed.ok) return refuse(c, new ApiFailure('badRequest', 422, parsed.message));
      const { common, events } = parsed.batch;
      const time = now();
      const who = sessionUser(db, common.app_sessionid ?? '', common.uid, time);
      if ('failure' in who) return refuse(c, who.failure);
      const accepted = transaction(db, () =>
        events.reduce(
          (sum, event) =>
            sum +
            Number(
              insert.run(event.id, who.uid, event.kind, event.name, event.at, event.props === undefined ? null : JSON.stringify(event.props), time).changes,
            ),
          0,
        ),
      );
      return c.json({ code: 0, data: { accepted, duplicates: events.length - accepted } });
    } catch (error) {
      // A fault of ours (the database): logged here, never shown to the client.
      console.error(error);
      return refuse(c, new ApiFailure('server', 500, 'The server failed.'));
    }
  });
  return api;
}

export interface StoredEvent {
  id: string;
  kind: string;
  name: string;
  at: number;
  props: unknown;
}

/**
 * The user's stored events, in the order they arrived (for the development route).
 * @example trackEventsOf(db, '10001') // [{ id, kind: 'click', name: 'vip.buy', at, props: { plan: 'vip-month' } }]
 */
export function trackEventsOf(db: Db, uid: string): StoredEvent[] {
  const rows = db.prepare('SELECT id, kind, name, at, props FROM track_events WHERE uid = ? ORDER BY received_at, rowid').all(uid) as Array<
    Omit<StoredEvent, 'props'> & { props: string | null }
  >;
  return rows.map((row) => ({ id: row.id, kind: row.kind, name: row.name, at: row.at, props: row.props === null ? null : JSON.parse(row.props) }));
}
