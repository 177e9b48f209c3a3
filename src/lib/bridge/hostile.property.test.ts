// @vitest-environment happy-dom
/**
 * Why: the host app is untrusted (docs/bridge.md "Rules"): an older, buggy or compromised app can
 * call any handler with anything and answer any query with anything. These properties throw
 * generated garbage at every handler, every query and every command — not JSON, wrong types,
 * missing fields, 10,000 items, 10,000 levels of nesting, `__proto__`/`constructor`/`prototype` keys
 * as text and as parsed objects, values that throw when touched — and check that nothing throws, that
 * a subscriber or caller only ever gets a value that passes the contract, and that Object.prototype
 * stays as it was. Valid payloads and answers are generated from the docs' tables (not from the
 * schemas) so the properties also fail if something valid is dropped.
 *
 * Decision: `onPlayErrorCallback.code` is generated from the seven documented codes only. The docs say
 * an unknown code "would be dropped"; the schema takes any string (and the page shows the generic
 * error for it). The hostile runs assert only what the schema promises.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CSS_BREAKOUTS,
  deeplyNested,
  hostileJson,
  hostileString,
  hostileValue,
  pollutingObject,
  PROTO_KEYS,
  shortHostileString,
  throwingProxy,
  PROPERTY_TIMEOUT_MS,
  RUNS,
} from '../../../tests/unit/hostile';
import { HANDLERS, QUERIES, type CommandMethod, type HandlerName, type QueryMethod } from '../../shared/bridge/contract';
import { onHost, REGISTRY_KEY } from './handlers';
import { command, query } from './host';

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });
type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

// The bridge warns about every bad value (that is its job); thousands of warnings are noise here.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  cleanPrototypes = prototypeKeys();
});
afterAll(() => {
  vi.restoreAllMocks();
  for (const name of [REGISTRY_KEY, 'NativeBridge', ...Object.keys(HANDLERS)]) delete globals[name];
});

// ---- Guards ------------------------------------------------------------------------------------

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const prototypeKeys = () => PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort().join(','));
let cleanPrototypes: string[];

/** Nothing reached a prototype: no `polluted` anywhere, no new key on the built-in prototypes. */
function expectNoPollution() {
  expect(({} as Globals).polluted).toBeUndefined();
  expect(([] as unknown as Globals).polluted).toBeUndefined();
  expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  expect(prototypeKeys()).toEqual(cleanPrototypes);
}

const UNSAFE: readonly string[] = PROTO_KEYS;
/** The first `__proto__`/`constructor`/`prototype` own key anywhere inside a value (iterative: values can be 10,000 deep). */
function unsafeKeyIn(value: unknown): string | null {
  const stack = [value];
  const seen = new Set<object>();
  while (stack.length) {
    const item = stack.pop();
    if (!item || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    for (const key of Reflect.ownKeys(item)) {
      if (typeof key === 'string' && UNSAFE.includes(key)) return key;
      stack.push((item as Globals)[key as string]);
    }
  }
  return null;
}

/** JSON text → value without the unsafe keys, by rebuilding (what docs/bridge.md says parsing does). */
function withoutUnsafeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnsafeKeys);
  if (value && typeof value === 'object') {
    const out: Globals = {};
    for (const [key, item] of Object.entries(value)) if (!UNSAFE.includes(key)) out[key] = withoutUnsafeKeys(item);
    return out;
  }
  return value;
}

// ---- Valid values, from the docs' tables -------------------------------------------------------

const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n || 0); // -0 does not survive JSON
const id = fc.oneof(hostileString, fc.integer(), num);
const bit = fc.constantFrom(0, 1);
const hex = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9a-fA-F]{6}$/)).map(([hash, h]) => (hash ? `#${h}` : h));
/** 0|1 or a boolean on the wire, a boolean for the page. */
const flag = fc.oneof(fc.boolean(), bit);
const asBoolean = (value: unknown) => value === true || value === 1;
const PLAY_ERROR_CODES = ['no_copyright', 'vip_only', 'paid', 'unsupported_version', 'no_lyrics', 'spatial_unsupported', 'spatial_vip'];

const pictureOf = (text: fc.Arbitrary<string>, pictureId: fc.Arbitrary<unknown>) =>
  fc.record({ id: pictureId, name: text, size: num, mime: text, thumbnail: text }, { requiredKeys: ['id', 'name', 'size', 'mime'] });
const picture = pictureOf(hostileString, id);
// Repeated 10,000 times: short text only, or the list alone would be gigabytes.
const smallPicture = pictureOf(shortHostileString, fc.oneof(shortHostileString, fc.integer()));

/** A valid payload of each handler, as the host sends it and as a subscriber must receive it (here the same). */
const VALID_PAYLOADS: Record<Exclude<HandlerName, 'onResume'>, fc.Arbitrary<Globals | Globals[]>> = {
  onLoginCallback: fc.record({ success: fc.boolean() }),
  onPayCallback: fc.record(
    { status: fc.constantFrom('success', 'failed', 'cancel'), orderId: id, message: hostileString },
    { requiredKeys: ['status', 'orderId'] },
  ),
  acquirePictureCallback: fc.oneof(
    { weight: 100, arbitrary: fc.array(picture, { maxLength: 6 }) },
    { weight: 1, arbitrary: smallPicture.map((p) => new Array(10_000).fill(p)) },
  ),
  acquireFileCallback: fc.record({ id, name: hostileString, size: num, mime: hostileString }),
  uploadFileCallback: fc.record(
    { id, status: fc.constantFrom('progress', 'done', 'failed'), progress: num, url: hostileString },
    { requiredKeys: ['id', 'status'] },
  ),
  onPlayCallback: fc.record({ resourceId: id, state: id }),
  onPlayErrorCallback: fc.record({ resourceId: id, code: fc.constantFrom(...PLAY_ERROR_CODES) }),
  launchHTDialogCallback: fc.record({ index: fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(1e300)) }),
  h5Dark: fc.record({ dark: bit, bgColor: hex }, { requiredKeys: ['dark'] }),
};

/** What each required field is (docs/bridge.md), to make it missing or of a wrong type. */
type Kind = 'boolean' | 'id' | 'string' | 'number' | 'integer' | 'bit' | 'payStatus' | 'uploadStatus';
const REQUIRED: Record<Exclude<HandlerName, 'onResume'>, Record<string, Kind>> = {
  onLoginCallback: { success: 'boolean' },
  onPayCallback: { status: 'payStatus', orderId: 'id' },
  acquirePictureCallback: { id: 'id', name: 'string', size: 'number', mime: 'string' },
  acquireFileCallback: { id: 'id', name: 'string', size: 'number', mime: 'string' },
  uploadFileCallback: { id: 'id', status: 'uploadStatus' },
  onPlayCallback: { resourceId: 'id', state: 'id' },
  onPlayErrorCallback: { resourceId: 'id', code: 'string' },
  launchHTDialogCallback: { index: 'integer' },
  h5Dark: { dark: 'bit' },
};
const WRONG: Record<Kind, fc.Arbitrary<unknown>> = {
  boolean: fc.constantFrom('true', 'false', 1, 0, null, {}, [], [true]),
  id: fc.constantFrom(true, false, null, {}, [], [1], { id: 1 }),
  string: fc.constantFrom(1, 0, true, null, {}, [], ['a']),
  number: fc.constantFrom('1', '1e309', true, null, {}, [], [1]),
  integer: fc.constantFrom(1.5, -0.25, '1', null, true, [1], 1e-7),
  bit: fc.constantFrom(2, -1, 0.5, '1', '0', true, false, null),
  payStatus: fc.oneof(
    fc.constantFrom('SUCCESS', 'ok', ' success', 'cancelled', 1, null),
    hostileString.filter((s) => !['success', 'failed', 'cancel'].includes(s)),
  ),
  uploadStatus: fc.oneof(
    fc.constantFrom('DONE', 'complete', 'progress ', 0, null),
    hostileString.filter((s) => !['progress', 'done', 'failed'].includes(s)),
  ),
};

/** A valid payload with one required field removed, or set to a value of the wrong type. */
function broken(name: Exclude<HandlerName, 'onResume'>): fc.Arbitrary<unknown> {
  const fields = REQUIRED[name];
  const breakOne = (payload: Globals) =>
    fc
      .tuple(fc.constantFrom(...Object.keys(fields)), fc.boolean())
      .chain(([key, remove]) =>
        remove ? fc.constant((({ [key]: _, ...rest }) => rest)(payload)) : WRONG[fields[key]!].map((wrong) => ({ ...payload, [key]: wrong })),
      );
  if (name === 'acquirePictureCallback') {
    // One bad picture spoils the list: all listed fields of an array item are required.
    return fc
      .tuple(fc.array(picture, { minLength: 1, maxLength: 6 }), fc.nat())
      .chain(([pictures, at]) => breakOne(pictures[at % pictures.length]!).map((bad) => pictures.map((p, i) => (i === at % pictures.length ? bad : p))));
  }
  if (name === 'h5Dark') {
    // bgColor is optional, but when present must be six hex digits (it ends up in CSS).
    return fc.oneof(
      VALID_PAYLOADS.h5Dark.chain((p) => breakOne(p as Globals)),
      fc
        .tuple(bit, fc.oneof(fc.constantFrom(...CSS_BREAKOUTS), fc.constantFrom('fff', '0000000', 'gggggg', 0, null)))
        .map(([dark, bgColor]) => ({ dark, bgColor })),
    );
  }
  return VALID_PAYLOADS[name].chain((p) => breakOne(p as Globals));
}

/** Adds a polluting key to a valid payload, as JSON text and as the object JSON.parse makes of it. */
const pollutedText = (payload: unknown, key: string) => {
  const json = JSON.stringify(payload);
  const poison = key === 'constructor' ? '"constructor":{"prototype":{"polluted":1}}' : `"${key}":{"polluted":1}`;
  if (json.startsWith('[')) return json === '[]' ? '[]' : json.replace(/^\[\{/, `[{${poison},`);
  return json === '{}' ? `{${poison}}` : json.replace(/^\{/, `{${poison},`);
};

// ---- Runs --------------------------------------------------------------------------------------

const NOT_DELIVERED = Symbol('not delivered');
const ANY = Symbol('any valid value');
type Case = { raw: unknown; expected: unknown };

/** What a handler is called with, and what its subscriber must then see: that value, nothing, or any valid value. */
function handlerCases(name: HandlerName): fc.Arbitrary<Case> {
  // docs: onResume takes no payload; anything passed is ignored, and subscribers get undefined.
  if (name === 'onResume') return hostileValue.map((raw) => ({ raw, expected: undefined }));
  const valid = VALID_PAYLOADS[name];
  return fc.oneof(
    { weight: 6, arbitrary: hostileValue.map((raw) => ({ raw, expected: ANY })) },
    { weight: 2, arbitrary: broken(name).map((raw) => ({ raw, expected: NOT_DELIVERED })) },
    { weight: 1, arbitrary: broken(name).map((raw) => ({ raw: JSON.stringify(raw), expected: NOT_DELIVERED })) },
    { weight: 1, arbitrary: valid.map((p) => ({ raw: JSON.stringify(p), expected: p })) },
    { weight: 1, arbitrary: valid.map((p) => ({ raw: structuredClone(p), expected: p })) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...PROTO_KEYS), fc.boolean()).map(([p, key, asText]) => {
        const text = pollutedText(p, key);
        return { raw: asText ? text : JSON.parse(text), expected: p };
      }),
    },
  );
}

describe('handlers: window[name](anything) from a hostile host', () => {
  it.each(Object.keys(HANDLERS) as HandlerName[])('%s never throws, and its subscriber sees only payloads that pass the contract', (name) => {
    const seen: unknown[] = [];
    const off = onHost(HANDLERS[name], (payload) => seen.push(payload));
    try {
      fc.assert(
        fc.property(handlerCases(name), ({ raw, expected }) => {
          seen.length = 0;
          expect(() => (globals[name] as (raw: unknown) => void)(raw)).not.toThrow();
          expect(seen.length).toBeLessThanOrEqual(1);
          for (const payload of seen) {
            // onResume carries nothing: its subscribers always get undefined.
            const schema = HANDLERS[name].payload;
            expect(schema ? v.safeParse(schema, payload).success : payload === undefined).toBe(true);
            expect(unsafeKeyIn(payload)).toBeNull();
            if (raw && typeof raw === 'object') expect(payload === raw).toBe(false); // a copy, never the host's object
          }
          if (expected === NOT_DELIVERED) expect(seen).toEqual([]);
          else if (expected !== ANY) expect(seen).toEqual([expected]);
          expectNoPollution();
        }),
        RUNS,
      );
    } finally {
      off();
    }
  });
});

// ---- Queries -------------------------------------------------------------------------------------

type Answer = { wire: unknown; expected: unknown };
const answer = <T>(value: fc.Arbitrary<T>, read: (value: T) => unknown = (x) => x): fc.Arbitrary<Answer> =>
  value.map((x) => ({ wire: JSON.stringify(x), expected: read(x) }));
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });

const song = fc.record({ id, name: hostileString, artist: hostileString, vip: flag, paid: flag }, { requiredKeys: ['id', 'name'] });
const readSong = (s: Globals) => ({ ...s, ...('vip' in s ? { vip: asBoolean(s.vip) } : {}), ...('paid' in s ? { paid: asBoolean(s.paid) } : {}) });

/** A valid answer to each query, from the docs' table, and what `query()` must return for it. */
const VALID_ANSWERS: Record<QueryMethod, fc.Arbitrary<Answer>> = {
  getAppBaseInfo: answer(
    optional({
      language: hostileString,
      uid: id,
      dev_pid: id,
      dev_channel: id,
      dev_region: hostileString,
      dev_timezone: id,
      dev_language: hostileString,
      dev_app_version: id,
      dev_manufacturer: hostileString,
      dev_model: hostileString,
    }),
  ),
  dark: answer(fc.record({ dark: bit, bgColor: hex }, { requiredKeys: ['dark'] })),
  accountInfo: answer(
    fc.record(
      {
        isLogin: fc.boolean(),
        avatar: hostileString,
        nickname: hostileString,
        vip: fc.record({ is_vip: bit, valid_time: num }),
        vipType: id,
        svipType: id,
        is_member: flag,
      },
      { requiredKeys: ['isLogin'] },
    ),
    (a) => ('is_member' in a ? { ...a, is_member: asBoolean(a.is_member) } : a),
  ),
  isHeytapLogin: answer(fc.boolean()),
  getUserAuth: answer(fc.record({ authorized: fc.boolean() })),
  getPayMethod: answer(fc.array(fc.record({ id, name: hostileString, icon: hostileString }, { requiredKeys: ['id', 'name'] }), { maxLength: 5 })),
  supportSelectPayType: answer(fc.boolean()),
  wxInstalled: answer(fc.boolean()),
  getKCoins: answer(fc.record({ balance: num })),
  getKReportInfo: answer(optional({ commentId: id, content: hostileString, author: hostileString, songId: id })),
  getPersonalInfo: answer(
    optional({
      nickname: hostileString,
      phone: hostileString,
      registerTime: id,
      deviceBrand: hostileString,
      deviceModel: hostileString,
      ip: hostileString,
      osName: hostileString,
      osVersion: hostileString,
      appVersion: hostileString,
    }),
  ),
  getSonglistInfo: answer(optional({ id, name: hostileString, cover: hostileString, songs: fc.array(song, { maxLength: 5 }) }), (l) =>
    'songs' in l ? { ...l, songs: (l.songs as Globals[]).map(readSong) } : l,
  ),
  getPlayerState: answer(fc.record({ playing: fc.boolean(), resourceId: id }, { requiredKeys: ['playing'] })),
  isSupportSpatialAudio: answer(fc.boolean()),
  hasKeyboard: answer(fc.boolean()),
  // The saved state is the page's own JSON, returned as it was saved, minus the keys parsing drops.
  restorePageState: fc.jsonValue({ maxDepth: 3 }).map((x) => {
    const wire = JSON.stringify(x);
    return { wire, expected: withoutUnsafeKeys(JSON.parse(wire)) };
  }),
};

/** The argument each query takes (docs: getPayMethod {productId}, getSonglistInfo {id}, restorePageState {key}). */
const VALID_ARGS: Partial<Record<QueryMethod, fc.Arbitrary<unknown>>> = {
  getPayMethod: fc.record({ productId: fc.oneof(hostileString, fc.integer()) }),
  getSonglistInfo: fc.record({ id: fc.oneof(hostileString, fc.integer()) }),
  restorePageState: fc.record({ key: hostileString }),
};

type Scenario = { kind: 'answers'; answer: unknown; expected: unknown } | { kind: 'falls back'; bridge: () => unknown };

/** The host for one query call: a valid answer, any hostile answer, a throwing method, no method, no host. */
function scenarios(method: QueryMethod): fc.Arbitrary<Scenario> {
  const valid = VALID_ANSWERS[method];
  return fc.oneof(
    { weight: 3, arbitrary: hostileValue.map((answer): Scenario => ({ kind: 'answers', answer, expected: ANY })) },
    { weight: 1, arbitrary: hostileJson.map((answer): Scenario => ({ kind: 'answers', answer, expected: ANY })) },
    { weight: 2, arbitrary: valid.map(({ wire, expected }): Scenario => ({ kind: 'answers', answer: wire, expected })) },
    // Some hosts hand over objects already parsed, some with polluting keys on top.
    {
      weight: 1,
      arbitrary: valid.map(({ wire, expected }): Scenario => {
        const parsed = JSON.parse(wire as string);
        // null or "" handed over as such mean "nothing", so only objects and arrays count here.
        return { kind: 'answers', answer: parsed && typeof parsed === 'object' ? parsed : wire, expected };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...PROTO_KEYS)).map(([{ wire, expected }, key]): Scenario => {
        const parsed = JSON.parse(wire as string);
        // Only objects can carry the key; for other answers this is just the valid answer again.
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'answers', answer: wire, expected };
        return { kind: 'answers', answer: pollutedText(parsed, key), expected };
      }),
    },
    { weight: 1, arbitrary: fc.constant<Scenario>({ kind: 'answers', answer: '', expected: QUERIES[method].fallback }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constant(() => ({
            [method]: () => {
              throw new Error('host threw');
            },
          })),
          fc.constant(() => ({
            [method]: () => {
              throw 'a string';
            },
          })),
          hostileValue.filter((x) => typeof x !== 'function').map((notFn) => () => ({ [method]: notFn })),
          fc.constantFrom<() => unknown>(
            () => undefined,
            () => null,
            () => 'NativeBridge',
            () => 42,
            () => ({}),
            throwingProxy,
          ),
        )
        .map((bridge): Scenario => ({ kind: 'falls back', bridge })),
    },
  );
}

function argCases(method: QueryMethod): fc.Arbitrary<{ arg: unknown; valid: boolean }> {
  const valid = VALID_ARGS[method];
  if (!valid) return fc.constant({ arg: undefined, valid: true });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((arg) => ({ arg, valid: true })) },
    // Missing, wrong type, polluting: refused before the host is asked.
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, 'x', 42, [], {}, { productId: null, id: {}, key: 1 }).map((arg) => ({ arg, valid: false })) },
    { weight: 1, arbitrary: pollutingObject().map((arg) => ({ arg, valid: false })) },
  );
}

describe('queries: whatever the host answers', () => {
  const fallbacks = JSON.stringify(Object.values(QUERIES).map((q) => q.fallback));
  afterEach(() => {
    delete globals.NativeBridge;
  });
  afterAll(() => {
    // Callers may mutate what they got: the documented fallbacks themselves never change.
    expect(JSON.stringify(Object.values(QUERIES).map((q) => q.fallback))).toBe(fallbacks);
  });

  it.each(Object.keys(QUERIES) as QueryMethod[])('%s never throws and returns the fallback or a value that passes the contract', (method) => {
    const spec = QUERIES[method];
    const ask = (...args: unknown[]) => (query as (spec: unknown, ...a: unknown[]) => unknown)(spec, ...args);
    fc.assert(
      fc.property(scenarios(method), argCases(method), (scenario, { arg, valid }) => {
        const calls: unknown[][] = [];
        if (scenario.kind === 'answers') {
          const reply = scenario.answer;
          globals.NativeBridge = { [method]: (...args: unknown[]) => (calls.push(args), reply) };
        } else globals.NativeBridge = scenario.bridge();

        let result: unknown;
        expect(() => (result = spec.arg ? ask(arg) : ask())).not.toThrow();

        const isFallback = JSON.stringify(result) === JSON.stringify(spec.fallback) && typeof result === typeof spec.fallback;
        expect(isFallback || v.safeParse(spec.result, result).success).toBe(true);
        expect(unsafeKeyIn(result)).toBeNull();
        // A fresh copy each time: the caller may mutate it.
        if (result && typeof result === 'object') expect(result).not.toBe(spec.fallback);
        expectNoPollution();

        if (!valid) {
          expect(calls).toEqual([]);
          expect(result).toEqual(spec.fallback);
        } else if (scenario.kind === 'falls back') {
          expect(result).toEqual(spec.fallback);
        } else {
          expect(calls).toEqual([spec.arg ? [JSON.stringify(arg)] : []]);
          if (scenario.expected !== ANY) expect(result).toEqual(scenario.expected);
        }
      }),
      RUNS,
    );
  });
});

// ---- Commands -------------------------------------------------------------------------------------

/** Every command of the contract; a Record so the compiler says when one is added and missing here. */
const COMMANDS: Record<CommandMethod, true> = {
  login: true,
  startPayWeb: true,
  paySuccess: true,
  acquirePicture: true,
  uploadFile: true,
  cancelUploadFile: true,
  uploadFeedbackLog: true,
  sendPersonalInfoDownloadEmailCaptcha: true,
  launchPlay: true,
  launchHTDialog2: true,
  savePageState: true,
  launchDialing: true,
  jumpEmail: true,
  jump: true,
  finishPage: true,
  exit: true,
  clearHistory: true,
  foundMusic: true,
  goWelfareCenterPage: true,
  goEditSonglist: true,
};

type Member = { kind: 'records' } | { kind: 'throws' } | { kind: 'value'; value: unknown };
const member: fc.Arbitrary<Member> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Member>({ kind: 'records' }) },
  { weight: 1, arbitrary: fc.constant<Member>({ kind: 'throws' }) },
  { weight: 1, arbitrary: hostileValue.filter((x) => typeof x !== 'function').map((value): Member => ({ kind: 'value', value })) },
);
const commandArg = fc.oneof(
  { weight: 3, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom(deeplyNested(10_000, 'object'), { target: 'javascript:alert(1)' }, { phoneNumber: '<script>' }) },
);

describe('commands: never throw, whatever the host or the argument', () => {
  it('is ok exactly when the host has the method, the argument is JSON and the host did not throw', () => {
    const send = command as (m: CommandMethod, ...args: unknown[]) => unknown;
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(COMMANDS) as CommandMethod[])), member, commandArg, fc.boolean(), (method, how, arg, proxyHost) => {
        const calls: unknown[][] = [];
        const fn =
          how.kind === 'records'
            ? (...args: unknown[]) => void calls.push(args)
            : how.kind === 'throws'
              ? () => {
                  throw new Error('host threw');
                }
              : how.value;
        globals.NativeBridge = proxyHost && how.kind === 'value' ? throwingProxy() : { [method]: fn };

        let result: unknown;
        expect(() => (result = arg === undefined ? send(method) : send(method, arg))).not.toThrow();

        let json: string | undefined;
        let serialisable = true;
        try {
          json = JSON.stringify(arg);
        } catch {
          serialisable = false;
        }
        const reachable = !(proxyHost && how.kind === 'value') && typeof fn === 'function';
        const ok = reachable && serialisable && how.kind === 'records';
        expect(result).toEqual(ok ? { ok: true } : { ok: false, reason: 'unavailable' });
        if (ok) expect(calls).toEqual([arg === undefined ? [] : [json]]);
        expectNoPollution();
      }),
      RUNS,
    );
  });
});
