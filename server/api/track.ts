/**
 * Tracking batches (src/lib/track): plain JSON, as `sendBeacon` sends it. Each event carries a random
 * id and is stored once, so a batch sent twice (a retry after a lost answer) counts once.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { BODY_MAX_BYTES } from '../../src/lib/limits';
import type { Db } from '../db';
import { ApiFailure, WIRE_MESSAGES, failureBody } from './failure';
import { tooLarge } from './pipeline';

const BATCH = v.object({
  common: v.optional(v.looseObject({ uid: v.optional(v.string()) })),
  events: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.minLength(8), v.maxLength(64)),
        kind: v.picklist(['exposure', 'click', 'input', 'touchstart']),
        name: v.pipe(v.string(), v.maxLength(200)),
        at: v.number(),
        props: v.optional(v.unknown()),
      }),
    ),
    v.maxLength(100),
  ),
});

/** @example app.route('/', trackRoutes(db)) */
export function trackRoutes(db: Db): Hono {
  const api = new Hono();
  const insert = db.prepare('INSERT INTO track_events (id, uid, kind, name, at, props, received_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  api.post('/api/track', bodyLimit({ maxSize: BODY_MAX_BYTES, onError: (c) => tooLarge(c, new ApiFailure('tooLarge', 413, WIRE_MESSAGES.tooLarge)) }), async (c) => {
    let batch: v.InferOutput<typeof BATCH>;
    try {
      batch = v.parse(BATCH, JSON.parse(await c.req.text()));
    } catch {
      return c.json(failureBody(new ApiFailure('badRequest', 422, 'The body is not a tracking batch.')), 422);
    }
    const uid = batch.common?.uid ?? '';
    let accepted = 0;
    for (const event of batch.events) {
      accepted += Number(insert.run(event.id, uid, event.kind, event.name, event.at, event.props === undefined ? null : JSON.stringify(event.props), Date.now()).changes);
    }
    return c.json({ code: 0, data: { accepted, duplicates: batch.events.length - accepted } });
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
  const rows = db.prepare('SELECT id, kind, name, at, props FROM track_events WHERE uid = ? ORDER BY received_at, rowid').all(uid) as Array<Omit<StoredEvent, 'props'> & { props: string | null }>;
  return rows.map((row) => ({ id: row.id, kind: row.kind, name: row.name, at: row.at, props: row.props === null ? null : JSON.parse(row.props) }));
}
