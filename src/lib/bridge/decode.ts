/**
 * Turning what the host hands over into plain data, and saying so when it is bad. Shared by queries
 * and handlers so both treat untrusted input the same way.
 */
import * as v from 'valibot';
import { noteField, type FieldNote } from '../field/note';

/**
 * Marks a value the host sent that is not usable (distinct from `undefined`, "nothing").
 * @example decode('{oops') === BAD // true
 */
export const BAD = Symbol('bad');

// JSON.parse itself makes `__proto__` an own key, but one spread or merge later it would reach
// Object.prototype; dropping these keys here means no later code has to remember.
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);
const reviver = (key: string, value: unknown) => (UNSAFE.has(key) ? undefined : value);

/**
 * Host output as fresh plain data: a JSON string is parsed, and an object some hosts pass
 * already parsed goes through JSON too, so it is copied, never shared, and loses unsafe keys.
 * `""`, `null` and no value mean "nothing" and give `undefined`.
 * @example decode('{"__proto__":{"x":1},"a":1}') // { a: 1 }
 */
export function decode(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  try {
    return JSON.parse(typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? ''), reviver);
  } catch {
    return BAD;
  }
}

/**
 * Checks decoded data against a schema; `BAD` or a mismatch gives `BAD`.
 * @example check(v.boolean(), decode('true')) // true
 */
export function check<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | typeof BAD {
  if (value === BAD) return BAD;
  const result = v.safeParse(schema, value);
  return result.success ? result.output : BAD;
}

/**
 * A host answer the contract refuses: a console warning tagged with the bridge, so host problems are
 * easy to filter in remote logs, and a note for the field report, which gets the rule alone: `detail`
 * (what the host threw, say) may carry its values and stays on the phone; `broken`, the value and the
 * schema it broke, lets the reporter name the place in it.
 * @example warn('accountInfo', 'not JSON')
 */
export function warn(name: string, rule: string, detail = '', broken?: Pick<FieldNote & { kind: 'bridge' }, 'value' | 'schema'>): void {
  console.warn(`[bridge] ${name}: ${rule}${detail}`);
  // A plain browser has no host to break the contract.
  if (rule != 'no host') noteField({ kind: 'bridge', method: name, rule, ...broken });
}
