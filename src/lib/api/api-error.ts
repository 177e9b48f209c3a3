/**
 * API failures as values with codes. Every code but `cancelled` is a key of the spec §8 catalogue
 * (`error.*` in the message files), so a page turns any failure into a message with `messageKey`.
 */
import { errorKey, isErrorCode, type ErrorCode } from '../errors';

/**
 * A catalogue code (`loginExpired`, `noInternet`, `notLoggedIn`, `timeout`, `generic`, or any other
 * catalogue key the server sends), or `cancelled` when the caller's own signal aborted the request.
 * @example if (err.code !== 'cancelled') toast(t(messageKey(err)))
 */
export type ApiErrorCode = ErrorCode | 'cancelled';

/**
 * A request that did not give valid data. `status` is the HTTP status when a response arrived.
 * @example if (err instanceof ApiError && err.code === 'loginExpired') login()
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status?: number;

  constructor(code: ApiErrorCode, message: string = code, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    if (status !== undefined) this.status = status;
  }
}

/**
 * The code for what the server put in `code`: a catalogue key passes through (so the server can say
 * `notLoggedIn`, `downloadLimit`, ...), anything else (numbers, unknown strings) is `generic`,
 * because a raw server code means nothing to the user.
 * @example serverCode('notLoggedIn') // 'notLoggedIn'
 * @example serverCode(500) // 'generic'
 */
export function serverCode(code: unknown): ErrorCode {
  return isErrorCode(code) ? code : 'generic';
}

/**
 * The message key to show for any thrown value: the code of an ApiError (or of any error value with a
 * string `code`, such as a BridgeError), `error.generic` for everything else. `cancelled` also reads
 * as generic, but callers usually stay silent on it.
 * @example messageKey(new ApiError('noInternet')) // 'error.noInternet'
 */
export function messageKey(err: unknown): `error.${ErrorCode}` {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  // Not from the API client (a flow's code that could not load, say): offline is still the reason to give.
  if (code === undefined && typeof navigator !== 'undefined' && navigator.onLine === false) return errorKey('noInternet');
  return errorKey(code);
}
