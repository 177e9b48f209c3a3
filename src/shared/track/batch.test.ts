import { describe, expect, it } from 'vitest';
import { parseTrackBatch } from './batch';
import { PROPS_MAX_DEPTH, TRACK_BODY_MAX_BYTES, propsProblem } from './rules';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const event = (props?: unknown) => ({ id: 'a'.repeat(32), kind: 'click', name: 'vip.buy', at: 1_767_225_600_000, ...(props === undefined ? {} : { props }) });
const nested = (depth: number): unknown => (depth === 1 ? { leaf: 1 } : { next: nested(depth - 1) });

describe('propsProblem', () => {
  it.each([
    [{ plan: 'vip-month', n: 3, on: true, none: null }],
    [{ list: ['a', 1, false, null, { k: 'v' }] }],
    [nested(PROPS_MAX_DEPTH)],
    [Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`.padEnd(200, 'x'), 'y'.repeat(200)]))],
    [{}],
  ])('accepts %j', (props) => {
    expect(propsProblem(props)).toBeNull();
  });

  it.each([
    [nested(PROPS_MAX_DEPTH + 1), 'nested deeper than 4'],
    [{ a: [[[['too deep']]]] }, 'nested deeper than 4'],
    [Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])), 'an object of more than 20 keys'],
    [{ list: Array.from({ length: 21 }, () => 0) }, 'an array of more than 20 items'],
    [{ text: 'x'.repeat(201) }, 'a text longer than 200'],
    [{ ['k'.repeat(201)]: 1 }, 'a key longer than 200'],
    [['not', 'an', 'object'], 'not an object'],
    ['text', 'not an object'],
    [null, 'not an object'],
    [{ n: Number.POSITIVE_INFINITY }, 'a number that is not finite'],
    [{ d: new Date(0) }, 'a value that is not JSON'],
  ])('refuses %j: %s', (props, problem) => {
    expect(propsProblem(props)).toBe(problem);
  });
});

describe('parseTrackBatch', () => {
  it('reads a batch within the contract, without common fields it does not know', () => {
    const result = parseTrackBatch(bytes({ common: { uid: '10001', app_sessionid: 's', token: 'dropped' }, events: [event({ plan: 'vip-month' })] }));
    expect(result).toEqual({ ok: true, batch: { common: { uid: '10001', app_sessionid: 's' }, events: [event({ plan: 'vip-month' })] } });
  });

  it('refuses props nested 10,000 deep, sent as JSON text, without walking them', () => {
    const deep = `{"common":{},"events":[{"id":"${'b'.repeat(32)}","kind":"click","name":"x","at":1,"props":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}]}`;
    expect(parseTrackBatch(bytes(deep))).toEqual({ ok: false, message: 'events.0.props: nested deeper than 4' });
  });

  it.each([
    ['not JSON', '{oops', 'The batch is not UTF-8 JSON.'],
    ['events not an array', { events: 'x' }, 'events: Invalid type: Expected Array but received "x"'],
    ['101 events', { events: Array.from({ length: 101 }, () => event()) }, 'events: Invalid length: Expected <=100 but received 101'],
    ['an id too short', { events: [{ ...event(), id: 'short' }] }, 'events.0.id: Invalid format: Expected /^[A-Za-z0-9_-]{8,64}$/ but received "short"'],
    [
      'an unknown kind',
      { events: [{ ...event(), kind: 'hover' }] },
      'events.0.kind: Invalid type: Expected ("exposure" | "click" | "input" | "touchstart") but received "hover"',
    ],
    ['a time that is not an integer', { events: [{ ...event(), at: 1.5 }] }, 'events.0.at: Invalid safe integer: Received 1.5'],
    [
      'a common field over 200 characters',
      { common: { dev_model: 'm'.repeat(201) }, events: [] },
      'common.dev_model: Invalid length: Expected <=200 but received 201',
    ],
  ])('refuses %s, saying where', (_, body, message) => {
    expect(parseTrackBatch(bytes(body))).toEqual({ ok: false, message });
  });

  it('refuses a body over 64 KB and text that is not UTF-8', () => {
    expect(parseTrackBatch(new Uint8Array(TRACK_BODY_MAX_BYTES + 1))).toEqual({ ok: false, message: 'The batch is larger than 64 KB.' });
    expect(parseTrackBatch(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, message: 'The batch is not UTF-8 JSON.' });
  });
});
