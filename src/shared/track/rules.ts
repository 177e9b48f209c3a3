/**
 * The bounds of a tracking batch, shared by the tracker (which builds batches inside them) and the
 * reference server (which refuses anything outside them, src/shared/track/batch.ts). No dependencies:
 * the tracking chunk imports this on every page.
 */

/** What a tracked event is; the server refuses any other kind. */
export const TRACK_KINDS = ['exposure', 'click', 'input', 'touchstart'] as const;
export type TrackKind = (typeof TRACK_KINDS)[number];

/** Events in one `POST /api/track`; the tracker sends 20 (spec §9), the rest is room for other senders. */
export const TRACK_EVENTS_MAX = 100;
/** The whole body, as UTF-8: sendBeacon's keepalive quota is 64 KB, so no beacon could carry more. */
export const TRACK_BODY_MAX_BYTES = 64 * 1024;
/** Any text: an event's name, a props key or value, a common field. */
export const TRACK_TEXT_MAX = 200;
/** Props nest at most this deep, the props object itself counting 1. */
export const PROPS_MAX_DEPTH = 4;
/** Keys of any object in props. */
export const PROPS_MAX_KEYS = 20;
/** Items of any array in props. */
export const PROPS_MAX_ITEMS = 20;

/** The fields sent once per batch (spec §7). */
export const COMMON_FIELDS = [
  'uid',
  'dev_pid',
  'dev_channel',
  'app_sessionid',
  'screen',
  'dev_region',
  'dev_timezone',
  'dev_language',
  'dev_app_version',
  'dev_manufacturer',
  'dev_model',
] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * What is wrong with an event's props, or null when they are within the bounds: an object whose values
 * are JSON (text, finite numbers, booleans, null, arrays, objects), nested at most PROPS_MAX_DEPTH
 * deep, with at most PROPS_MAX_KEYS keys per object and PROPS_MAX_ITEMS items per array, and no text
 * (key or value) over TRACK_TEXT_MAX. Walks with its own stack and stops at the first level too deep,
 * so however deep the input, the walk costs no more than the bounds allow.
 * @example propsProblem({ plan: 'vip-month' }) // null
 * @example propsProblem({ a: { b: { c: { d: { e: 1 } } } } }) // 'nested deeper than 4'
 */
export function propsProblem(props: unknown): string | null {
  if (!isPlainObject(props)) return 'not an object';
  const stack: Array<[unknown, number]> = [[props, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > TRACK_TEXT_MAX) return `a text longer than ${TRACK_TEXT_MAX}`;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return 'a number that is not finite';
    } else if (typeof value === 'boolean' || value === null) {
      // a plain value
    } else if (depth > PROPS_MAX_DEPTH) {
      return `nested deeper than ${PROPS_MAX_DEPTH}`;
    } else if (Array.isArray(value)) {
      if (value.length > PROPS_MAX_ITEMS) return `an array of more than ${PROPS_MAX_ITEMS} items`;
      for (const item of value) stack.push([item, depth + 1]);
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      if (keys.length > PROPS_MAX_KEYS) return `an object of more than ${PROPS_MAX_KEYS} keys`;
      for (const key of keys) {
        if (key.length > TRACK_TEXT_MAX) return `a key longer than ${TRACK_TEXT_MAX}`;
        stack.push([value[key], depth + 1]);
      }
    } else {
      return 'a value that is not JSON';
    }
  }
  return null;
}
