/** API failures as values: a code from the client's catalogue (or a wire code), an HTTP status, a message. */
import en from '../../src/i18n/messages/en-US.json';

const CATALOGUE = en.error as Record<string, string>;

/**
 * A refusal the client can read: `{ code, message }` with a 4xx (or 5xx) status.
 * @example throw new ApiFailure('notLoggedIn', 403)
 */
export class ApiFailure extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message?: string) {
    super(message ?? CATALOGUE[code] ?? code);
    this.code = code;
    this.status = status;
  }
}

/** Client faults that are not in the user-facing catalogue: they say what was wrong with the request. */
export const WIRE_MESSAGES: Record<string, string> = {
  badForm: 'The body must be a form with params and encSecKey.',
  badBase64: 'params or encSecKey is not base64.',
  badKey: 'encSecKey does not unwrap with the server key.',
  badCipher: 'params does not decrypt.',
  badJson: 'The decrypted body is not JSON.',
  badRequest: 'The body does not match the endpoint.',
  staleRequest: 'ts is more than 5 minutes from the server clock.',
  replayed: 'This nonce was already used.',
  tooLarge: 'The body is larger than 1 MB.',
  notFound: 'No such endpoint.',
  server: 'The server failed.',
};

/** The JSON body of a failure. */
export const failureBody = (failure: ApiFailure) => ({ code: failure.code, message: failure.message });
