/** API failures as values: a code from the client's catalogue (or a wire code), an HTTP status, a message. */
import type { Context } from 'hono';
import en from '../../src/shared/messages/en-US.json';

const CATALOGUE = en.error as Record<string, string>;

/**
 * A refusal the client can read: `{ code, message }` with a 4xx (or 5xx) status.
 * @example throw new ApiFailure('notLoggedIn', 403)
 */
export class ApiFailure extends Error {
  readonly code: string;
  readonly status: number;
  /** For the server's log only, never in the answer (e.g. which check of the seal failed). */
  readonly detail: string | undefined;

  constructor(code: string, status: number, message?: string, detail?: string) {
    super(message ?? CATALOGUE[code] ?? code);
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

/** Client faults that are not in the user-facing catalogue: they say what was wrong with the request. */
export const WIRE_MESSAGES: Record<string, string> = {
  // One answer for every way a seal can fail (form, base64, key, MAC, padding, JSON...): which check
  // failed would be an oracle for whoever is tampering with requests.
  badSeal: 'The request could not be opened.',
  tooManyRequests: 'Too many requests from this address could not be opened; try again later.',
  busy: 'Too many requests from this address at once; try again in a moment.',
  badRequest: 'The body does not match the endpoint.',
  staleRequest: 'ts is more than 5 minutes from the server clock.',
  replayed: 'This nonce was already used.',
  wrongEndpoint: 'The request was sealed for another endpoint.',
  tooLarge: 'The body is larger than 1 MB.',
  notFound: 'No such endpoint.',
  server: 'The server failed.',
};

/** The JSON body of a failure. */
export const failureBody = (failure: ApiFailure) => ({ code: failure.code, message: failure.message });

/**
 * Answers a refusal, and names it for the request log (server/app.ts reads `failure`).
 * @example return refuse(c, new ApiFailure('badRequest', 422, parsed.message))
 */
export function refuse(c: Context, failure: ApiFailure): Response {
  c.set('failure' as never, failure.code as never);
  return c.json(failureBody(failure), failure.status as 400);
}
