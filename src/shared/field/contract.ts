/**
 * The contract of `POST /api/field` (docs/field.md): the schema the reference server checks every
 * batch against before it stores any of it, and the reporter's tests check its own batches against.
 * Not imported by the reporter itself, which builds its batches inside the same bounds (./rules)
 * without bundling a schema library on every page.
 */
import * as v from 'valibot';
import { parseJsonBatch, type ParsedJsonBatch } from '../json-batch';
import { LOCALES } from '../locale';
import { ROUTES } from '../routes';
import {
  API_CODE_PATTERN,
  API_ENDPOINT_PATTERN,
  BRIDGE_METHOD_PATTERN,
  ENGINE_MAJOR_MAX,
  ENGINE_NAMES,
  FIELD_APP_PATTERN,
  FIELD_BODY_MAX_BYTES,
  FIELD_CHUNK_MAX,
  FIELD_CLS_MAX,
  FIELD_CODE_MAX,
  FIELD_EVENTS_MAX,
  FIELD_MESSAGE_MAX,
  FIELD_RULE_MAX,
  FIELD_SOURCE_MAX,
  FIELD_SOURCE_PATTERN,
  FIELD_TIMING_MAX,
  FIELD_VIEW_PATTERN,
  TIMING_NAMES,
  looksPersonal,
} from './rules';

/**
 * The personal-data check of every free text (rules.ts PERSONAL_PATTERN). One action shared by each
 * field that carries it, so the JSON Schema (./json-schema.ts) knows it by identity.
 */
export const NOT_PERSONAL = v.check<string, string>((text) => !looksPersonal(text), 'looks like an e-mail address or 7 or more digits (a phone number, a uid)');

const text = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const between = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max));

const ERROR_EVENT = v.strictObject({
  kind: v.literal('error'),
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(FIELD_MESSAGE_MAX), NOT_PERSONAL),
  source: v.pipe(v.string(), v.maxLength(FIELD_SOURCE_MAX), v.regex(FIELD_SOURCE_PATTERN, 'has a query or a hash'), NOT_PERSONAL),
  line: count,
  col: count,
  /** An unhandled rejection rather than an uncaught error. */
  rejection: v.boolean(),
});

const CHUNK_EVENT = v.strictObject({
  kind: v.literal('chunk'),
  chunk: text(1, FIELD_CHUNK_MAX),
  /** The retry under a fresh URL loaded it. */
  recovered: v.boolean(),
});

const BRIDGE_EVENT = v.strictObject({
  kind: v.literal('bridge'),
  method: v.pipe(v.string(), v.regex(BRIDGE_METHOD_PATTERN)),
  /** Which rule of the method's schema the answer broke; never the answer. */
  rule: v.pipe(v.string(), v.minLength(1), v.maxLength(FIELD_RULE_MAX), NOT_PERSONAL),
});

const API_EVENT = v.strictObject({
  kind: v.literal('api'),
  endpoint: v.pipe(v.string(), v.regex(API_ENDPOINT_PATTERN)),
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(FIELD_CODE_MAX), v.regex(API_CODE_PATTERN)),
  /** The HTTP status; 0 when no answer came (offline, timed out). */
  status: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(599)),
});

// CLS apart: a score, not milliseconds. A nested variant rather than a check on the event, so that
// the JSON Schema says it too.
const TIMING_EVENT = v.variant('name', [
  v.strictObject({ kind: v.literal('timing'), name: v.literal('CLS'), value: between(0, FIELD_CLS_MAX) }),
  v.strictObject({
    kind: v.literal('timing'),
    name: v.picklist(TIMING_NAMES.filter((name): name is Exclude<(typeof TIMING_NAMES)[number], 'CLS'> => name !== 'CLS')),
    /** Milliseconds since the navigation started. */
    value: between(0, FIELD_TIMING_MAX),
  }),
]);

/**
 * One event, by its `kind` (rules.ts FIELD_KINDS); unknown keys are refused.
 * @example v.is(FIELD_EVENT, { kind: 'timing', name: 'LCP', value: 1840 }) // true
 */
export const FIELD_EVENT = v.variant('kind', [ERROR_EVENT, CHUNK_EVENT, BRIDGE_EVENT, API_EVENT, TIMING_EVENT]);

/**
 * One batch: the page view's context once, then 1 to FIELD_EVENTS_MAX events.
 * @example v.is(FIELD_BATCH, { view: 'q3ZpX0aB9c_d-EfG', route: 'vip-center', locale: 'en-US', engine: { name: 'chromium', major: 64 }, app: '10.2.1', inApp: true, events: [{ kind: 'timing', name: 'FCP', value: 900 }] }) // true
 */
export const FIELD_BATCH = v.strictObject({
  view: v.pipe(v.string(), v.regex(FIELD_VIEW_PATTERN)),
  /** A path of src/shared/routes.ts as it spells it: `''` is the index, `license.html` keeps its suffix. */
  route: v.picklist(ROUTES.map((route) => route.path)),
  locale: v.picklist(LOCALES),
  engine: v.strictObject({ name: v.picklist(ENGINE_NAMES), major: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(ENGINE_MAJOR_MAX)) }),
  /** The host app's version; null outside the app or when the host does not say. */
  app: v.nullable(v.pipe(v.string(), v.regex(FIELD_APP_PATTERN))),
  inApp: v.boolean(),
  events: v.pipe(v.array(FIELD_EVENT), v.minLength(1), v.maxLength(FIELD_EVENTS_MAX)),
});

/** A batch as parsed. @example const batch: FieldBatch = { view, route: '', locale: 'en-US', engine: { name: 'other', major: 0 }, app: null, inApp: false, events } */
export type FieldBatch = v.InferOutput<typeof FIELD_BATCH>;

/** One event as parsed. @example const event: FieldEvent = { kind: 'chunk', chunk: '/_astro/Plans.abc.js', recovered: true } */
export type FieldEvent = v.InferOutput<typeof FIELD_EVENT>;

/** What parseFieldBatch answers. @example const refused: ParsedFieldBatch = { ok: false, message: 'events.0.message: …' } */
export type ParsedFieldBatch = ParsedJsonBatch<FieldBatch>;

/**
 * Reads a request body as a batch: the bytes (at most FIELD_BODY_MAX_BYTES), then JSON, then the
 * schema. Never throws; a refusal says where the batch broke the contract.
 * @example parseFieldBatch(new TextEncoder().encode('{"view":1}')) // { ok: false, message: 'view: Invalid type: …' }
 */
export const parseFieldBatch = (body: Uint8Array): ParsedFieldBatch => parseJsonBatch(FIELD_BATCH, FIELD_BODY_MAX_BYTES, body);
