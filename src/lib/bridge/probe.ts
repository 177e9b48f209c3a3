/**
 * The conformance kit's probes (/bridge-check, docs/bridge.md "Checking a host"): each call of the
 * contract made on the real `NativeBridge`, and what came back held to the same schemas the pages
 * parse the host with. Unlike src/lib/bridge, nothing is forgiven here: an object where the contract
 * says a JSON string, a callback fired twice or before its command returned, a method that throws,
 * all are reported, with the raw value, in words a host developer can act on.
 */
import * as v from 'valibot';
import { COMMANDS } from '../../shared/bridge/commands';
import { HANDLERS, QUERIES, type HandlerName, type QueryMethod } from '../../shared/bridge/contract';
import { isPersonal, redactRaw } from './redact';

export type Status = 'pass' | 'fail' | 'skipped';
export type Kind = 'bridge' | 'query' | 'command' | 'event';

/** Why a call failed (or a note on one that passed): a message key of `kit.*` and its placeholders. */
export interface Reason {
  code: ReasonCode;
  params?: Record<string, string | number>;
}
export type ReasonCode =
  | 'noBridge'
  | 'lateBridge'
  | 'missing'
  | 'threw'
  | 'notString'
  | 'notJson'
  | 'notTrueFalse'
  | 'noVip'
  | 'badField'
  | 'missingField'
  | 'nothing'
  | 'never'
  | 'twice'
  | 'early'
  | 'otherId'
  | 'notRestored';

export interface CheckResult {
  /** The method, or the handler for a host event. */
  call: string;
  kind: Kind;
  status: Status;
  reasons: Reason[];
  /** What the host returned or sent, as it came (a string, or the type and JSON of anything else). */
  raw?: string;
}

type Globals = Record<string, unknown>;
type HostMethod = (json?: string) => unknown;

/** How a probe waits: for a reply (a person may be tapping through the app's screens), then for a second one. */
export interface Timing {
  replyMs: number;
  settleMs: number;
}

/** The handlers a command answers through at most once (a progress or play state may repeat). */
const ONCE = new Set<HandlerName>([
  'onLoginCallback',
  'onPayCallback',
  'acquirePictureCallback',
  'acquireFileCallback',
  'launchHTDialogCallback',
  'onPlayErrorCallback',
]);
const RAW_MAX = 2000;

export function bridgeOf(win: Window): Globals | undefined {
  const bridge = (win as unknown as Globals).NativeBridge;
  return typeof bridge === 'object' && bridge !== null ? (bridge as Globals) : undefined;
}

/** `string`, `object`, `array`, `null`, … as a host developer names what their method gave. */
function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** The raw value for the report, shortened, without the tester's personal values (./redact.ts): a string as sent, anything else with its type. */
function showRaw(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch {
      json = undefined;
    }
    text = `(${typeName(value)}) ${json ?? String(value)}`;
  }
  text = redactRaw(text);
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX)}…` : text;
}

/**
 * A value against its schema, as reasons: each field that is missing or of the wrong type, by path.
 * @example shapeReasons(v.object({ balance: v.number() }), {}) // [{ code: 'missingField', params: { field: 'balance' } }]
 */
export function shapeReasons(schema: v.GenericSchema, value: unknown): Reason[] {
  const result = v.safeParse(schema, value);
  if (result.success) return [];
  return result.issues.slice(0, 5).map((issue): Reason => {
    const field = issue.path?.map((item) => String(item.key)).join('.') || '(value)';
    // A personal value of the wrong type is named by its type only, as the raw column shows it.
    const name = field.slice(field.lastIndexOf('.') + 1);
    const received = !isPersonal(field)
      ? issue.received
      : typeof issue.input === 'string'
        ? `"‹${name}›"`
        : typeof issue.input === 'number'
          ? '0'
          : issue.received;
    return issue.received === 'undefined' && issue.path?.length
      ? { code: 'missingField', params: { field } }
      : { code: 'badField', params: { field, expected: issue.expected ?? issue.type, received } };
  });
}

/** A JSON string's value against a schema: not a string, not JSON, or its fields. */
function jsonReasons(schema: v.GenericSchema, raw: unknown): Reason[] {
  if (typeof raw !== 'string') return [{ code: 'notString', params: { type: typeName(raw) } }];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // `yes`, `True`, `1 `: for a yes/no answer the fix is the two words, not JSON in general.
    if (schema.type === 'boolean') return [{ code: 'notTrueFalse', params: { received: JSON.stringify(redactRaw(raw).slice(0, 40)) } }];
    return [{ code: 'notJson' }];
  }
  return shapeReasons(schema, value).concat(beyondShape(schema, value));
}

/**
 * What the contract asks beyond the schema the pages parse with, which is lenient where they have a
 * fallback: a signed-in account without `vip` parses, and the pages would show a VIP as not a member.
 */
function beyondShape(schema: v.GenericSchema, value: unknown): Reason[] {
  if (schema !== QUERIES.accountInfo.result || !value || typeof value !== 'object') return [];
  const account = value as Record<string, unknown>;
  return account.isLogin === true && account.vip === undefined ? [{ code: 'noVip' }] : [];
}

const result = (call: string, kind: Kind, reasons: Reason[], raw?: unknown, notes: Reason[] = []): CheckResult => ({
  call,
  kind,
  status: reasons.length ? 'fail' : 'pass',
  reasons: reasons.length ? reasons : notes,
  ...(raw === undefined ? {} : { raw: showRaw(raw) }),
});

/** The method if the bridge has it, or the result that says why not. */
function methodOf(win: Window, call: string, kind: Kind): HostMethod | CheckResult {
  const bridge = bridgeOf(win);
  if (!bridge) return { call, kind, status: 'skipped', reasons: [{ code: 'noBridge' }] };
  const method = bridge[call];
  return typeof method === 'function' ? (method as HostMethod).bind(bridge) : result(call, kind, [{ code: 'missing', params: { method: call } }]);
}

/**
 * When `NativeBridge` was there: already when the page's first script ran (`atFirstScript`, read by the
 * shell script before first paint), or only later, which the pages cannot make up for: their first
 * screen was drawn as outside the app.
 */
export async function checkArrival(win: Window, atFirstScript: boolean, waitMs: number): Promise<CheckResult> {
  if (atFirstScript && bridgeOf(win)) return result('NativeBridge', 'bridge', []);
  const started = Date.now();
  while (!bridgeOf(win) && Date.now() - started < waitMs) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!bridgeOf(win)) return { call: 'NativeBridge', kind: 'bridge', status: 'fail', reasons: [{ code: 'noBridge' }] };
  return result('NativeBridge', 'bridge', [{ code: 'lateBridge', params: { ms: Date.now() - started } }]);
}

/**
 * One query, called as the pages call it, its answer held to the contract: a string, `""` (nothing:
 * the pages use the fallback, noted) or JSON of the answer's shape.
 * @example checkQuery(window, 'getKCoins') // { call: 'getKCoins', status: 'pass', raw: '{"balance":120}' }
 */
export function checkQuery<M extends QueryMethod>(win: Window, method: M, arg?: unknown): CheckResult {
  const call = methodOf(win, method, 'query');
  if (typeof call !== 'function') return call;
  let raw: unknown;
  try {
    raw = arg === undefined ? call() : call(JSON.stringify(arg));
  } catch (error) {
    return result(method, 'query', [{ code: 'threw', params: { error: String(error) } }]);
  }
  if (raw === '') return result(method, 'query', [], raw, [{ code: 'nothing' }]);
  return result(method, 'query', jsonReasons(QUERIES[method].result, raw), raw);
}

/** One call of a global handler, as the host made it. */
interface Delivery {
  name: HandlerName;
  args: unknown[];
  /** Made while a command was still running (the host must answer after it returns). */
  early: boolean;
  seq: number;
}

/**
 * Listens on every handler of the contract (`window.<name>`), keeping whatever was there before (the
 * shell's theme switch) working, and records each call with its raw arguments.
 */
export class Recorder {
  readonly deliveries: Delivery[] = [];
  private seq = 0;
  private running = false;
  private waiting = new Set<() => void>();

  constructor(private readonly win: Window) {
    const globals = win as unknown as Globals;
    for (const name of Object.keys(HANDLERS) as HandlerName[]) {
      const prior = globals[name];
      globals[name] = (...args: unknown[]) => {
        this.deliveries.push({ name, args, early: this.running, seq: ++this.seq });
        for (const wake of [...this.waiting]) wake();
        if (typeof prior === 'function') prior.apply(win, args);
      };
    }
  }

  /** Everything delivered from now on has a higher number than this. */
  mark(): number {
    return this.seq;
  }

  /** Runs a command, noting deliveries made before it returned. */
  during(run: () => void): void {
    this.running = true;
    try {
      run();
    } finally {
      this.running = false;
    }
  }

  /** Resolves with the first delivery after `since` to one of `names`, or undefined after `ms`. */
  next(names: readonly HandlerName[], since: number, ms: number): Promise<Delivery | undefined> {
    const find = () => this.deliveries.find((d) => d.seq > since && names.includes(d.name));
    return new Promise((resolve) => {
      const done = (found: Delivery | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(found);
      };
      const check = () => {
        const found = find();
        if (found) done(found);
      };
      const timer = setTimeout(() => done(undefined), ms);
      this.waiting.add(check);
      check();
    });
  }

  after(since: number): Delivery[] {
    return this.deliveries.filter((d) => d.seq > since);
  }
}

/** A handler's payload as the contract has it: one JSON string of its shape, or no argument at all. */
function payloadReasons(delivery: Delivery): Reason[] {
  const schema = HANDLERS[delivery.name].payload;
  if (!schema) return [];
  return jsonReasons(schema, delivery.args[0]);
}

/** The command's own rule on its answer: the order, the file, the button it was about. */
function answerReasons(method: string, arg: unknown, delivery: Delivery): Reason[] {
  const sent = arg as Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(String(delivery.args[0])) as Record<string, unknown>;
  } catch {
    return [];
  }
  const expect = (field: string, want: unknown) =>
    payload[field] === want ? [] : [{ code: 'otherId' as const, params: { field, sent: String(want), received: String(payload[field]) } }];
  if (method === 'startPayWeb') return expect('orderId', sent.orderId);
  if (method === 'uploadFeedbackLog') return expect('id', sent.logFileName);
  if (method === 'launchHTDialog2') {
    const index = payload.index;
    const count = (sent.buttons as unknown[]).length;
    return typeof index === 'number' && index >= 0 && index < count
      ? []
      : [{ code: 'badField', params: { field: 'index', expected: `0…${count - 1}`, received: String(index) } }];
  }
  return [];
}

/**
 * One command, called with `arg`; if the contract has it answer, the answer awaited and checked: it
 * came (within `replyMs`), after the command returned, once where once is the rule, each payload of
 * its handler's shape and about this call.
 */
export async function checkCommand(win: Window, recorder: Recorder, method: keyof typeof COMMANDS, arg: unknown, timing: Timing): Promise<CheckResult> {
  const call = methodOf(win, method, 'command');
  if (typeof call !== 'function') return call;
  const since = recorder.mark();
  try {
    recorder.during(() => (arg === undefined ? call() : call(JSON.stringify(arg))));
  } catch (error) {
    return result(method, 'command', [{ code: 'threw', params: { error: String(error) } }]);
  }
  const replies = COMMANDS[method].replies as readonly HandlerName[];
  if (!replies.length) return result(method, 'command', []);
  const first = await recorder.next(replies, since, timing.replyMs);
  if (!first) return result(method, 'command', [{ code: 'never', params: { handler: replies.join(' / '), seconds: Math.round(timing.replyMs / 1000) } }]);
  await new Promise((resolve) => setTimeout(resolve, timing.settleMs));
  const delivered = recorder.after(since).filter((d) => replies.includes(d.name));
  const reasons: Reason[] = [];
  if (delivered.some((d) => d.early)) reasons.push({ code: 'early', params: { handler: first.name, method } });
  for (const name of replies) {
    const count = delivered.filter((d) => d.name === name).length;
    if (ONCE.has(name) && count > 1) reasons.push({ code: 'twice', params: { handler: name, count } });
  }
  for (const delivery of delivered) reasons.push(...payloadReasons(delivery));
  if (!reasons.length) reasons.push(...answerReasons(method, arg, first));
  return result(method, 'command', dedupe(reasons), delivered.length === 1 ? first.args[0] : delivered.map((d) => ({ [d.name]: d.args[0] })));
}

/**
 * A host event the tester causes (onResume, h5Dark): awaited for `ms`, then its payload checked.
 */
export async function checkEvent(recorder: Recorder, name: HandlerName, since: number, ms: number): Promise<CheckResult> {
  const delivery = await recorder.next([name], since, ms);
  if (!delivery) return result(name, 'event', [{ code: 'never', params: { handler: name, seconds: Math.round(ms / 1000) } }]);
  return result(name, 'event', payloadReasons(delivery), delivery.args[0]);
}

/** savePageState, then restorePageState with its key: the host must give back what it kept. */
export function checkSavedState(win: Window, key: string, state: unknown): Reason[] {
  const { raw } = checkQuery(win, 'restorePageState', { key });
  return raw === JSON.stringify(state) ? [] : [{ code: 'notRestored', params: { received: raw ?? '' } }];
}

function dedupe(reasons: Reason[]): Reason[] {
  const seen = new Set<string>();
  return reasons.filter((reason) => {
    const key = JSON.stringify(reason);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
