/**
 * The one HTTP client: seals the body (docs/api.md), POSTs it as a form, and turns the answer into
 * typed, validated data or an ApiError. The seal's chunk is fetched on the first sealed request only;
 * a public endpoint's body goes unsealed.
 */
import * as v from 'valibot';
import { randomId } from '../../shared/id';
import { HTTP_TIMEOUT_MS } from '../../shared/limits';
import { ApiError, serverCode } from './api-error';
import { noteField } from '../field/note';
import { ENVELOPE, WIRE_VERSION, type BodyOf, type DataOf, type Endpoint, type WireFields } from '../../shared/api/endpoint';

/**
 * Spec §7: the client gives up after 10 minutes.
 * @example request(health, {}, { timeoutMs: TIMEOUT_MS / 10 })
 */
export const TIMEOUT_MS = HTTP_TIMEOUT_MS;

/**
 * Who is asking; sent inside the encrypted body so it never shows in a URL or a log.
 * @example const who: Identity = { uid: '10001', app_sessionid: 'sess-abc' }
 */
export interface Identity {
  uid: string;
  app_sessionid: string;
}

/**
 * Per-call options of `request`.
 * @example request(session, {}, { signal: controller.signal })
 */
export interface RequestOptions {
  /** Cancels the request; it then rejects with ApiError `cancelled`. */
  signal?: AbortSignal;
  /** Defaults to TIMEOUT_MS; tests pass a short one. */
  timeoutMs?: number;
}

let identity: () => Identity | null = () => null;
/** Who the request speaks for: without a session, nobody (the server answers `notLoggedIn` where one is needed). */
const asker = (): Identity => identity() ?? { uid: '', app_sessionid: '' };

/**
 * Asked when the server refuses the session (`loginExpired`, `notLoggedIn`): resolves true once the
 * user has signed in again (a new session is in place), false when they decline.
 * @example setReauth(async (code) => (await confirmDialog({ messageKey: `error.${code}` })) && (await signIn()) === 'signed-in')
 */
export type Reauth = (code: 'loginExpired' | 'notLoggedIn') => Promise<boolean>;
let reauth: Reauth | undefined;

/**
 * Lets a refused session be renewed mid-flow: the request waits for `ask`, then is sent once more.
 * Without it (the default), the refusal reaches the caller as an ApiError.
 * @example setReauth(() => signInAgain())
 */
export function setReauth(ask: Reauth | undefined): void {
  reauth = ask;
}

/**
 * Tells the client where the signed-in user comes from (the bridge's account info, a store...),
 * so this module depends on neither. Without a session, `uid` and `app_sessionid` are sent empty and
 * the server answers `notLoggedIn` where one is needed.
 * @example setIdentity(() => ({ uid: $user.get().uid, app_sessionid: localStorage.getItem('app_sessionid') ?? '' }))
 */
export function setIdentity(provider: () => Identity | null): void {
  identity = provider;
}

/** Base URL; '' (unset) is the page's own origin. Read per call so tests and the simulator can change it. */
function apiHost(): string {
  const host: string | undefined = import.meta.env.PUBLIC_API_HOST;
  // A trailing slash would double the one every path starts with.
  return (host ?? '').replace(/\/+$/, '');
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Calls an endpoint (a value from ./endpoints/<area>). Resolves with its response data, validated against the
 * contract's schema; rejects with an ApiError: `noInternet`, `timeout`, `loginExpired` (HTTP 401 or
 * the server's code), `cancelled`, a catalogue code the server sent, else `generic`.
 * @example
 * const { uid } = await request(session, {});
 * try { await request(health, {}, { signal }) } catch (err) { toast(t(messageKey(err))) }
 */
export const request = <E extends Endpoint>(endpoint: E, body: BodyOf<E>, options: RequestOptions = {}): Promise<DataOf<E>> =>
  // Once: a session refused again right after signing in is the caller's error to show.
  send(endpoint, body, options)
    .catch(async (err: ApiError) =>
      /^(loginExpired|notLoggedIn)$/.test(err.code) && (await reauth?.(err.code as Parameters<Reauth>[0]))
        ? send(endpoint, body, options)
        : Promise.reject(err),
    )
    .catch((err: ApiError) => {
      // The field report counts failures by endpoint and code; the caller's own cancel is none.
      if (err.code != 'cancelled') noteField({ kind: 'api', endpoint: endpoint.path, code: err.code, status: err.status ?? 0 });
      throw err;
    });

async function send<E extends Endpoint>(endpoint: E, body: BodyOf<E>, options: RequestOptions): Promise<DataOf<E>> {
  const name = endpoint.path;
  const { signal, timeoutMs = TIMEOUT_MS } = options;
  if (signal?.aborted) throw new ApiError('cancelled');
  // WebView reports airplane mode reliably: fail at once instead of after a fetch attempt.
  if (isOffline()) throw new ApiError('noInternet');

  // The time or the caller's signal ends the request: it aborts the fetch where AbortController
  // exists (Chromium 66); below it the request stops waiting for the fetch instead.
  // eslint-disable-next-line compat/compat -- checked for first; without it, `stopped` alone ends the wait
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  let stop = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = () => {
      controller?.abort();
      reject(new DOMException('The request was stopped', 'AbortError'));
    };
  });
  // Raced with the answer below; a stop before that must not be an unhandled rejection.
  stopped.catch(() => undefined);
  let timedOut = false;
  // setTimeout's delay is a 32-bit int: a longer one (or Infinity) would fire at once, so no timer.
  const timer =
    timeoutMs < 2 ** 31
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, timeoutMs)
      : undefined;
  signal?.addEventListener('abort', stop);
  try {
    const sendNow = () => post(endpoint, body, () => timedOut || !!signal?.aborted, controller);
    // The answer of this same request, sent at the first paint (./first-reads.ts), once; failed, sent again.
    const response = firstRead(endpoint, body).then(({ early }) => (early ? early.catch(sendNow) : sendNow()));
    return await Promise.race([response.then((res) => read(endpoint, res)), stopped]);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (timedOut) throw new ApiError('timeout', `${name}: no answer in ${timeoutMs} ms`);
    if (signal?.aborted) throw new ApiError('cancelled');
    // fetch rejects with a TypeError on any network failure; only offline is worth its own message.
    if (err instanceof TypeError && isOffline()) throw new ApiError('noInternet');
    throw new ApiError('generic', `${name}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * A first read's answer for this request, if one was sent (./first-reads.ts). On a signed-in page that
 * has first reads (`<html data-reads>`), their script was run at the paint, and has sent them by the
 * time it has loaded: a request never goes out before them, so none is sent twice. Elsewhere a sealed
 * request takes from the seal's chunk, which it loads anyway, and a public one waits for nothing.
 */
function firstRead<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<{ early?: Promise<Response> }> {
  const script = firstReadsScript();
  if (endpoint.public && !script) return Promise.resolve({});
  const who = endpoint.public ? null : asker();
  // Wrapped, or the answer's promise would be waited for here. A script or chunk that could not load
  // leaves the request to send itself (and a sealed one to say why).
  return (script ?? import('./seal')).then(
    (loaded) => ({ early: loaded?.takeFirstRead(endpoint.path, body, who) }),
    () => ({}),
  );
}

/**
 * Signed in on a page with first reads, their script once it has run (undefined where it could not
 * load); null elsewhere. The island directive adds it at the paint, before any island loads this, and
 * removes it once it has loaded or failed.
 */
function firstReadsScript(): Promise<Window['firstReads']> | null {
  const flags = typeof document == 'undefined' ? {} : document.documentElement.dataset;
  if (flags.session != 'signed-in' || !flags.reads) return null;
  const script = document.getElementById('first-reads');
  return new Promise((resolve) => {
    const done = () => resolve(window.firstReads);
    if (window.firstReads || !script) return done();
    script.addEventListener('load', done);
    script.addEventListener('error', done);
  });
}

/** Posts the request: a public endpoint's body as it is, any other's sealed (docs/api.md). */
async function post<E extends Endpoint>(endpoint: E, body: BodyOf<E>, stopped: () => boolean, controller: AbortController | undefined): Promise<Response> {
  let fields: Record<string, string>;
  if (endpoint.public) {
    // A public endpoint answers everyone alike: no seal, no session (docs/api.md), and no seal chunk.
    fields = { request: JSON.stringify(body) };
  } else {
    // Lazy on purpose: the seal (and, without Web Crypto, its libraries) is fetched by the first request;
    // on a page with first reads, their script's (one seal, and one chunk fewer, a page).
    const { sealRequest } = (await firstReadsScript()) ?? (await import('./seal'));
    // A chunk load cannot be aborted: a request whose time or caller ran out meanwhile is not sent.
    if (stopped()) throw new DOMException('The request was stopped', 'AbortError');
    const { uid, app_sessionid } = asker();
    // Wire fields last: they are reserved and must not be overridden by a body field.
    const wire: WireFields = { v: WIRE_VERSION, path: endpoint.path, uid, app_sessionid, ts: Date.now(), nonce: randomId(32) };
    fields = { ...(await sealRequest({ ...body, ...wire }, () => import('./crypto'))) };
  }
  // URLSearchParams sets Content-Type: application/x-www-form-urlencoded;charset=UTF-8.
  return fetch(apiHost() + endpoint.path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    // The API reads no cookie (the session is in the sealed body): without credentials the browser
    // sends it on connections of its own, not queued behind the page's scripts on a link of six.
    credentials: 'omit',
    ...(controller ? { signal: controller.signal } : {}),
  });
}

async function read<E extends Endpoint>(endpoint: E, res: Response): Promise<DataOf<E>> {
  const name = endpoint.path;
  const { status } = res;
  // 401 is an expired sign-in whatever the body says (a gateway may answer it with HTML).
  if (status === 401) throw new ApiError('loginExpired', `${name}: HTTP 401`, status);
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    // An abort while reading the body is a timeout or a cancel, not a bad body.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('generic', `${name}: HTTP ${status}, body is not JSON`, status);
  }
  const envelope = v.safeParse(ENVELOPE, json);
  if (!envelope.success) throw new ApiError('generic', `${name}: HTTP ${status}, not an envelope`, status);
  const { code, data, message } = envelope.output;
  if (code !== 0 || !res.ok) throw new ApiError(serverCode(code), `${name}: ${String(code)} ${message ?? ''}`.trim(), status);
  const result = v.safeParse(endpoint.response, data);
  if (!result.success) throw new ApiError('generic', `${name}: response does not match the contract`, status);
  return result.output as DataOf<E>;
}
