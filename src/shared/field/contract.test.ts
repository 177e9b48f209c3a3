import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FIELD_BATCH, parseFieldBatch, type FieldBatch, type FieldEvent } from './contract';
import { FIELD_BODY_MAX_BYTES, FIELD_EVENTS_MAX, FIELD_KINDS, TIMING_NAMES, looksPersonal, redactPersonal } from './rules';

const EVENTS: FieldEvent[] = [
  { kind: 'error', message: "Cannot read properties of undefined (reading 'plans')", source: '/_astro/core.abc123.js', line: 1, col: 2048, rejection: false },
  { kind: 'error', message: 'Failed to fetch', source: '', line: 0, col: 0, rejection: true },
  { kind: 'chunk', chunk: '/_astro/Plans.Bx9k2.js', recovered: true },
  { kind: 'bridge', method: 'accountInfo', rule: 'vip.valid_time: Invalid type: Expected number' },
  { kind: 'api', endpoint: '/api/vip/plans', code: 'http.502', status: 502 },
  { kind: 'api', endpoint: '/api/coins/balance', code: 'network', status: 0 },
  { kind: 'timing', name: 'TTFB', value: 0 },
  { kind: 'timing', name: 'LCP', value: 600_000 },
  { kind: 'timing', name: 'CLS', value: 0.042 },
  { kind: 'timing', name: 'useful', value: 1234.5 },
];

const batch = (over: Partial<Record<keyof FieldBatch, unknown>> = {}) => ({
  view: 'q3ZpX0aB9c_d-EfG',
  route: 'vip-center',
  locale: 'th-TH',
  engine: { name: 'chromium', major: 64 },
  app: '10.2.1',
  inApp: true,
  events: EVENTS,
  ...over,
});
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const withEvent = (event: Record<string, unknown>) => batch({ events: [event] });
const error = (over: Record<string, unknown>) => withEvent({ ...EVENTS[0], ...over });

describe('parseFieldBatch', () => {
  it('accepts one of every kind of event, as sent', () => {
    const parsed = parseFieldBatch(bytes(batch()));
    expect(parsed).toEqual({ ok: true, batch: batch() });
  });

  it('accepts the index route as routes.ts spells it (""), no app version, another engine, 30 events', () => {
    const events = Array.from({ length: FIELD_EVENTS_MAX }, () => EVENTS[6]);
    expect(parseFieldBatch(bytes(batch({ route: '', app: null, inApp: false, engine: { name: 'other', major: 0 }, events }))).ok).toBe(true);
    expect(parseFieldBatch(bytes(batch({ route: 'license.html' }))).ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['text that is not JSON', '{"view":', 'The batch is not UTF-8 JSON.'],
    ['bytes that are not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'The batch is not UTF-8 JSON.'],
    ['a number', 42, 'batch: Invalid type'],
    ['an array', [], 'view: Invalid key'],
    ['a kind nobody reports', withEvent({ kind: 'crash', message: 'x' }), 'events.0.kind: Invalid type'],
    ['an unknown key in an event', withEvent({ ...EVENTS[2], url: '/vip-center?app_sessionid=abc' }), 'events.0.url: Invalid key'],
    ['an unknown key in the batch', batch({ uid: '10001' } as never), 'uid: Invalid key'],
    ['a message over 200 characters', error({ message: 'x'.repeat(201) }), 'events.0.message: Invalid length'],
    ['an empty message', error({ message: '' }), 'events.0.message: Invalid length'],
    ['31 events', batch({ events: Array.from({ length: 31 }, () => EVENTS[6]) }), 'events: Invalid length'],
    ['no events', batch({ events: [] }), 'events: Invalid length'],
    ['an e-mail address in a message', error({ message: 'no account for someone.else@example.co.id' }), 'events.0.message: looks like an e-mail address'],
    ['an 8-digit number in a message', error({ message: 'uid 10012345 not found' }), 'events.0.message: looks like'],
    ['a phone number in a bridge rule', withEvent({ ...EVENTS[3], rule: 'phone: expected 6281234567890' }), 'events.0.rule: looks like'],
    ['an e-mail address in a source', error({ source: 'https://cdn/me@example.com/x.js' }), 'events.0.source: looks like'],
    ['a source with a query string', error({ source: '/vip-center?app_sessionid=abc' }), 'events.0.source: has a query or a hash'],
    ['a source with a hash', error({ source: '/vip-center#token' }), 'events.0.source: has a query or a hash'],
    ['a CLS over 100', withEvent({ kind: 'timing', name: 'CLS', value: 101 }), 'events.0.value: Invalid value'],
    ['a timing over ten minutes', withEvent({ kind: 'timing', name: 'INP', value: 600_001 }), 'events.0.value: Invalid value'],
    ['a negative timing', withEvent({ kind: 'timing', name: 'FCP', value: -1 }), 'events.0.value: Invalid value'],
    ['a timing nobody measures', withEvent({ kind: 'timing', name: 'FID', value: 10 }), 'events.0.name: Invalid type'],
    ['a fractional line', error({ line: 1.5 }), 'events.0.line: Invalid safe integer'],
    ['an endpoint outside /api/', withEvent({ ...EVENTS[4], endpoint: 'https://evil.example/api/x' }), 'events.0.endpoint: Invalid format'],
    ['a status past 599', withEvent({ ...EVENTS[4], status: 600 }), 'events.0.status: Invalid value'],
    ['a route the site does not have', batch({ route: 'admin' }), 'route: Invalid type'],
    ['a route written with its slash', batch({ route: '/vip-center' }), 'route: Invalid type'],
    ['a locale the site does not ship', batch({ locale: 'fr-FR' }), 'locale: Invalid type'],
    ['a short view id', batch({ view: 'abc' }), 'view: Invalid format'],
    ['an app version with spaces', batch({ app: '10.2 beta' }), 'app: Invalid format'],
    ['a missing app (null is how none is said)', batch({ app: undefined }), 'app: Invalid key'],
    ['an engine major past 999', batch({ engine: { name: 'chromium', major: 1000 } }), 'engine.major: Invalid value'],
  ])('refuses %s, saying where', (_, body, message) => {
    const parsed = parseFieldBatch(body instanceof Uint8Array ? body : bytes(body));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(new RegExp(`^${message.replace(/[.*+?()[\]\\]/g, '\\$&')}`));
  });

  it('refuses a body over 16 KB before reading it as JSON', () => {
    const body = bytes(batch({ events: [EVENTS[0]!] }));
    const padded = new Uint8Array(FIELD_BODY_MAX_BYTES + 1).fill(0x20);
    padded.set(body);
    expect(parseFieldBatch(padded)).toEqual({ ok: false, message: 'The batch is larger than 16 KB.' });
    expect(parseFieldBatch(padded.subarray(0, FIELD_BODY_MAX_BYTES)).ok).toBe(true);
  });

  it('takes every kind and timing rules.ts names, which the reporter bounds itself by', () => {
    for (const kind of FIELD_KINDS) expect(EVENTS.some((event) => event.kind === kind)).toBe(true);
    for (const name of TIMING_NAMES) expect(v.is(FIELD_BATCH, batch({ events: [{ kind: 'timing', name, value: 1 }] })), name).toBe(true);
  });
});

describe('looksPersonal and redactPersonal', () => {
  it.each([
    ['me@example.com', true],
    ['a.b+tag@mail.example.co.id', true],
    ['+62 8123456789', true],
    ['order 1234567', true],
    ['123456', false],
    ['Cannot read properties of null', false],
    ['Loading chunk 42 failed', false],
    ['/_astro/core.abc123.js', false],
    ['import("/@fs/x.js")', false],
    ['a @ b . c', false],
  ])('%s: %s', (text, personal) => {
    expect(looksPersonal(text)).toBe(personal);
  });

  it('replaces each whole match, so what is left passes', () => {
    const redacted = redactPersonal('uid 1001234567890 wrote to me@example.com and 12345678');
    expect(redacted).toBe('uid <digits> wrote to <email> and <digits>');
    expect(looksPersonal(redacted)).toBe(false);
  });
});
