/**
 * The contract of `POST /api/track` (docs/api.md, docs/tracking.md): the schema the reference server
 * checks every batch against before it stores any of it, and the tracker's tests check its own
 * batches against. Not imported by the tracker itself, which builds its batches inside the same
 * bounds (./rules) without bundling a schema library on every page.
 */
import * as v from 'valibot';
import { parseJsonBatch, type ParsedJsonBatch } from '../json-batch';
import { COMMON_FIELDS, TRACK_KINDS, TRACK_BODY_MAX_BYTES, TRACK_EVENTS_MAX, TRACK_TEXT_MAX, propsProblem } from './rules';

const text = v.pipe(v.string(), v.maxLength(TRACK_TEXT_MAX));

/** Every common field is optional text; the server needs only `app_sessionid` (and `uid`, when given, must be its user). */
const commonEntries = {} as Record<(typeof COMMON_FIELDS)[number], v.OptionalSchema<typeof text, undefined>>;
for (const field of COMMON_FIELDS) commonEntries[field] = v.optional(text);
const common = v.object(commonEntries);

/** JSON values inside the bounds of rules.ts; the props object itself must be an object. */
const props = v.custom<Record<string, unknown>>(
  (input) => propsProblem(input) === null,
  (issue) => propsProblem(issue.input) ?? 'invalid',
);

/**
 * One event as the tracker queues it (src/lib/track/queue.ts `TrackItem`).
 * @example v.is(TRACK_EVENT, { id: 'a'.repeat(32), kind: 'click', name: 'vip.buy', at: Date.now() }) // true
 */
export const TRACK_EVENT = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  kind: v.picklist(TRACK_KINDS),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(TRACK_TEXT_MAX)),
  /** Milliseconds since the epoch, when the event happened. */
  at: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  props: v.optional(props),
});

/**
 * One batch: `{ common, events }`, at most TRACK_EVENTS_MAX events.
 * @example v.is(TRACK_BATCH, { common: { app_sessionid: 's' }, events: [] }) // true
 */
export const TRACK_BATCH = v.object({
  common: v.optional(common, {}),
  events: v.pipe(v.array(TRACK_EVENT), v.maxLength(TRACK_EVENTS_MAX)),
});

/** A batch as parsed: every common field optional, unknown ones dropped. @example const b: TrackBatch = { common: {}, events: [] } */
export type TrackBatch = v.InferOutput<typeof TRACK_BATCH>;

/** What parseTrackBatch answers. @example const refused: ParsedBatch = { ok: false, message: 'events: …' } */
export type ParsedBatch = ParsedJsonBatch<TrackBatch>;

/**
 * Reads a request body as a batch: the bytes (at most TRACK_BODY_MAX_BYTES), then JSON, then the
 * schema. Never throws; a refusal says where the batch broke the contract.
 * @example parseTrackBatch(new TextEncoder().encode('{"events":"x"}')) // { ok: false, message: 'events: …' }
 */
export const parseTrackBatch = (body: Uint8Array): ParsedBatch => parseJsonBatch(TRACK_BATCH, TRACK_BODY_MAX_BYTES, body);
