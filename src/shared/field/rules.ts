/**
 * The bounds of a field report (docs/field.md), shared by the reporter, which builds its
 * batches inside them, and the reference server, which refuses anything outside them
 * (./contract.ts). No dependencies and erasable TypeScript only: the reporter imports this on every
 * page without bundling a schema library, and scripts may run it under Node's type stripping.
 */

/**
 * The whole body, as UTF-8. sendBeacon's quota is 64 KB for everything a page has in flight: a field
 * batch takes a quarter of it, leaving the rest to the tracking batch sent on the same pagehide.
 */
export const FIELD_BODY_MAX_BYTES = 16 * 1024;
/** Events in one `POST /api/field`. */
export const FIELD_EVENTS_MAX = 30;
/** Events the server stores for one page view, over all its batches; the rest are dropped (answered 200). */
export const FIELD_VIEW_EVENTS_MAX = 100;

/** What an event reports: an uncaught error, a chunk that failed to load, a host answer that broke the bridge contract, an API failure, a timing. */
export const FIELD_KINDS = ['error', 'chunk', 'bridge', 'api', 'timing'] as const;
/** The timings: the five Core Web Vitals and their kin (web.dev's definitions), and the page's own "useful" mark (docs/performance.md). */
export const TIMING_NAMES = ['TTFB', 'FCP', 'LCP', 'CLS', 'INP', 'useful'] as const;
/** The engine as read from the user agent: a WebView is Chromium; anything else is `other`. */
export const ENGINE_NAMES = ['chromium', 'other'] as const;

/** An error's message (`kind: 'error'`). */
export const FIELD_MESSAGE_MAX = 200;
/** An error's source file: a path or URL, without its query or hash (FIELD_SOURCE_PATTERN). */
export const FIELD_SOURCE_MAX = 160;
/** A chunk's path (`kind: 'chunk'`). */
export const FIELD_CHUNK_MAX = 160;
/** Which rule of the bridge contract a host answer broke (`kind: 'bridge'`). */
export const FIELD_RULE_MAX = 120;
/** An API failure's code (`kind: 'api'`). */
export const FIELD_CODE_MAX = 64;
/** A timing in milliseconds: ten minutes; a page open longer measures the user, not the page. */
export const FIELD_TIMING_MAX = 600_000;
/** CLS is a unitless score (0.1 is "good"); 100 is far past anything a real page shifts. */
export const FIELD_CLS_MAX = 100;
/** The engine's major version. */
export const ENGINE_MAJOR_MAX = 999;

/** The page view's random id. */
export const FIELD_VIEW_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;
/** An error's source: no query (a page's carries the session) and no hash. */
export const FIELD_SOURCE_PATTERN = /^[^?#]*$/;
/** The host app's version (`10.2.1`, `10.2.1-beta.3`). */
export const FIELD_APP_PATTERN = /^[0-9A-Za-z._-]{1,32}$/;
/** A bridge method's name. */
export const BRIDGE_METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** An API endpoint's path (`/api/vip/plans`). */
export const API_ENDPOINT_PATTERN = /^\/api\/[a-z0-9/_-]{1,60}$/;
/** An API failure's code, as `ApiError.code` has it (`timeout`, `noInternet`, `notLoggedIn`). */
export const API_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * What the server refuses in any free text (an error's message and source, a bridge rule): something
 * shaped like an e-mail address, or seven or more digits in a row, a single space or hyphen allowed
 * between two of them (a phone number as people write it, a uid, an order number). Neither should be there; both could be, in a message that quotes a value. No `i` or `u`
 * flag and no lookbehind: the JSON Schema of docs/field.md carries it as a `pattern`.
 */
export const PERSONAL_PATTERN = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d(?:[ -]?\d){6,}/;

/**
 * Whether a text holds something the server refuses as personal (PERSONAL_PATTERN).
 * @example looksPersonal('Cannot read properties of undefined') // false
 * @example looksPersonal('no account for me@example.com') // true
 * @example looksPersonal('uid 100012345 not found') // true
 */
export function looksPersonal(text: string): boolean {
  return PERSONAL_PATTERN.test(text);
}

/**
 * The text with every match of PERSONAL_PATTERN replaced, so that it passes the server's check:
 * for a reporter that would rather send a redacted message than none.
 * @example redactPersonal('uid 100012345 for me@example.com') // 'uid <digits> for <email>'
 */
export function redactPersonal(text: string): string {
  return text.replace(new RegExp(PERSONAL_PATTERN.source, 'g'), (match) => (match.indexOf('@') >= 0 ? '<email>' : '<digits>'));
}
