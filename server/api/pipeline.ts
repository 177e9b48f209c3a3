/**
 * The API as the reference server answers it: one POST route per endpoint of the contract
 * (src/shared/api/contract.ts). Each request goes through the same steps, and any failing step answers
 * `{ code, message }` with a 4xx without touching the data: size, form, decryption, wire fields,
 * clock skew, replay, user, the endpoint's own schema. Then the handler, whose answer is checked
 * against the contract too, so the server cannot drift from what the client expects.
 */
import type { KeyObject } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { ENDPOINTS, WIRE_FIELDS, type EndpointName, type ResponseOf } from '../../src/shared/api/contract';
import { WireError } from './wire-node';
import { REQUEST_SKEW_MS } from '../../src/shared/limits';
import type { Db } from '../db';
import { ApiFailure, WIRE_MESSAGES, failureBody } from './failure';
import { withinShape } from './json-shape';
import { Opener, TooManyFailures } from './opener';
import { closeWith, readsOwnBody } from '../http-limits';
import { TRUST_NOBODY, clientAddress, clientKey, type ProxyTrust } from '../client';
import { sessionUser, sweepSessions } from './sessions';

export interface User {
  uid: string;
  app_sessionid: string;
}

export interface HandlerContext<N extends EndpointName> {
  db: Db;
  /** The session's user on a signed-in endpoint (the pipeline refused the request without one); none on a public one. */
  user: (typeof ENDPOINTS)[N]['public'] extends true ? null : User;
  body: v.InferOutput<(typeof ENDPOINTS)[N]['request']>;
  now: number;
  /** Whom the request counts against (clientOf below): for limits on a subject no account change escapes. */
  client: string;
}

/** One handler per endpoint of the contract: the type makes a missing one a compile error. */
export type Handlers = { [N in EndpointName]: (ctx: HandlerContext<N>) => ResponseOf<N> | Promise<ResponseOf<N>> };
/** Any handler as the pipeline calls it: the user is there exactly when the endpoint is not public (checked before the call). */
type AnyHandler = (ctx: Omit<HandlerContext<EndpointName>, 'user'> & { user: User | null }) => unknown;

export interface ApiOptions {
  db: Db;
  privateKey: KeyObject | string;
  handlers: Handlers;
  now?: () => number;
  /** The seal's opener with its key cache and failure limits (server/api/opener.ts); one with the defaults if none. */
  opener?: Opener;
  /** The proxies that may name the client (TRUST_PROXY); nobody by default. */
  trustProxy?: ProxyTrust;
}

const fail = (code: string, status: number) => new ApiFailure(code, status, WIRE_MESSAGES[code]);

/** Expired sessions are swept at most this often, by whichever request comes first. */
const SWEEP_EVERY_MS = 60_000;
// Old nonces are deleted once a second, not on every request: a write per request fewer. Keeping them
// a second longer only keeps more of them; a replay inside the window is still refused.
const NONCE_SWEEP_MS = 1_000;

/**
 * The user a request speaks for: the owner of the session it carries, looked up on every request.
 * The body's `uid` is only checked against it (the page sends the host's uid; a different one means
 * the page holds another account's session). Nothing is read or written for a request refused here.
 */
function verifiedUser(db: Db, { uid, app_sessionid }: { uid: string; app_sessionid: string }, now: number): User {
  const who = sessionUser(db, app_sessionid, uid, now);
  if ('failure' in who) throw who.failure;
  return { uid: who.uid, app_sessionid };
}

/**
 * The API routes, to mount at the server root.
 * @example app.route('/', apiRoutes({ db, privateKey, handlers }))
 */
export function apiRoutes({ db, privateKey, handlers, now = Date.now, opener = new Opener(privateKey, { now }), trustProxy = TRUST_NOBODY }: ApiOptions): Hono {
  const api = new Hono();
  const remember = db.prepare('INSERT INTO nonces (nonce, seen_at) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const forget = db.prepare('DELETE FROM nonces WHERE seen_at < ?');
  let sweptAt = 0;
  let noncesSweptAt = 0;

  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, (typeof ENDPOINTS)[EndpointName]][]) {
    // The body's size and deadline were enforced before any route (smallBodies in server/app.ts), and
    // the request waited for its client's turn (server/api/fair.ts) before its body was read.
    api.post(endpoint.path, (c) => answerRequest(c, name, endpoint, clientOf(c, trustProxy)));
  }
  api.all('/api/*', (c) => json(c, failureBody(fail('notFound', 404)), 404));
  return api;

  /** One request: every step of the module's comment, then the handler. */
  async function answerRequest(c: Context, name: EndpointName, endpoint: (typeof ENDPOINTS)[EndpointName], client: string): Promise<Response> {
    try {
      const time = now();
      // A public endpoint needs no seal: it answers everyone the same, so a seal
      // would protect nothing and cost an RSA step. Its body comes as one JSON `request` field.
      const plain = endpoint.public ? await plainRequest(c, client) : undefined;
      const { user, input } = plain !== undefined ? { user: null, input: plain } : await sealedRequest(c, endpoint, time, client);
      const body = v.safeParse(endpoint.request, input);
      if (!body.success) throw fail('badRequest', 422);
      const handler = handlers[name] as AnyHandler;
      const data = await handler({ db, user, body: body.output as never, now: time, client });
      // The server's own answer must keep the contract: a mismatch is our bug, never the client's.
      const checked = v.safeParse(endpoint.response, data);
      if (!checked.success) throw fail('server', 500);
      return json(c, { code: 0, data: checked.output });
    } catch (error) {
      // A body that never passes costs parsing all the same: counted like one that does not open.
      if (error instanceof ApiFailure && error.code === 'badRequest') opener.refuse(client);
      return answer(c, error);
    }
  }

  /**
   * A sealed request, checked in order: it opens, names this endpoint, is fresh and not a replay, and
   * (unless the endpoint is public) carries a live session of the uid it names. Gives the user and the
   * body without the wire fields.
   */
  async function sealedRequest(
    c: Context,
    endpoint: (typeof ENDPOINTS)[EndpointName],
    time: number,
    client: string,
  ): Promise<{ user: User | null; input: unknown }> {
    const opened = await open(c, client);
    const wire = v.safeParse(WIRE_FIELDS, opened);
    if (!wire.success) throw fail('badRequest', 422);
    // Sealed for another endpoint: a captured request delivered elsewhere. Refused before its
    // nonce is remembered, so the misdelivery cannot use up the genuine request either.
    if (wire.output.path !== endpoint.path) throw fail('wrongEndpoint', 400);
    if (Math.abs(time - wire.output.ts) > REQUEST_SKEW_MS) throw fail('staleRequest', 400);
    // A nonce is remembered for twice the skew window; older requests are refused by ts anyway.
    if (time - noncesSweptAt >= NONCE_SWEEP_MS) {
      noncesSweptAt = time;
      forget.run(time - 2 * REQUEST_SKEW_MS);
    }
    if (remember.run(wire.output.nonce, time).changes === 0) throw fail('replayed', 409);
    if (time - sweptAt > SWEEP_EVERY_MS) {
      sweptAt = time;
      sweepSessions(db, time);
    }
    const user = endpoint.public ? null : verifiedUser(db, wire.output, time);
    const { v: _v, path: _p, uid: _u, app_sessionid: _s, ts: _t, nonce: _n, ...input } = opened as Record<string, unknown>;
    return { user, input };
  }

  /**
   * A public endpoint's unsealed body: the form's one `request` field, parsed as JSON; undefined
   * when the request is sealed instead (older pages seal every request, and still may).
   */
  async function plainRequest(c: Context, client: string): Promise<unknown> {
    if (mediaType(c.req.header('content-type')) !== 'application/x-www-form-urlencoded') return undefined;
    // Unsealed is no way around the failure limit: refused before the body is read, as a seal is.
    admit(c, client);
    const form = new URLSearchParams(await c.req.text());
    if (form.has('params') || form.has('encSecKey')) return undefined;
    const fields = form.getAll('request');
    if (fields.length !== 1 || !withinShape(fields[0]!)) throw fail('badRequest', 422);
    try {
      return JSON.parse(fields[0]!);
    } catch {
      throw fail('badRequest', 422);
    }
  }

  /**
   * The request object, or one answer for whatever does not open (badSeal, 400, the failed check
   * only in the log). An address with too many of those is refused first, before its body is read.
   */
  async function open(c: Context, address: string): Promise<unknown> {
    try {
      admit(c, address);
      // Exactly the form media type (parameters such as charset aside), and each field exactly once:
      // a second `params` must not be a choice the server makes for the client.
      const form = mediaType(c.req.header('content-type')) === 'application/x-www-form-urlencoded' ? new URLSearchParams(await c.req.text()) : undefined;
      const once = (name: string) => (form?.getAll(name).length === 1 ? form.get(name)! : undefined);
      return opener.open(address, { params: once('params'), encSecKey: once('encSecKey') });
    } catch (error) {
      if (error instanceof WireError) throw new ApiFailure('badSeal', 400, WIRE_MESSAGES.badSeal, error.reason);
      throw tooMany(c, error);
    }
  }

  /** Refuses a client past its failure limit before its body is read. */
  function admit(c: Context, address: string): void {
    try {
      opener.admit(address);
    } catch (error) {
      throw tooMany(c, error);
    }
  }
}

/**
 * A client past its failure limit is refused before its body is read: reading 0.8 MB that
 * will never be opened costs the thread all other clients share. The body is left unread, so the
 * connection closes with the answer.
 * @example app.use('/api/*', refuseFailing(opener, (c) => clientOf(c, trust)))
 */
export function refuseFailing(opener: Opener, clientOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const { method, path } = c.req;
    if (method !== 'POST' || readsOwnBody(method, path)) return next();
    try {
      opener.admit(clientOf(c));
    } catch (error) {
      if (!(error instanceof TooManyFailures)) throw error;
      c.header('retry-after', String(error.retryAfterSeconds));
      return closeWith(c, fail('tooManyRequests', 429));
    }
    return next();
  };
}

/** TooManyFailures as its answer (429 with Retry-After); any other error as it is. */
function tooMany(c: Context, error: unknown): unknown {
  if (!(error instanceof TooManyFailures)) return error;
  c.header('retry-after', String(error.retryAfterSeconds));
  return fail('tooManyRequests', 429);
}

/** `Application/X-WWW-Form-Urlencoded; charset=UTF-8` → `application/x-www-form-urlencoded`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Whom a request counts against: its socket's peer, or the client a trusted proxy names
 * (server/client.ts); a forwarded header from anyone else is ignored. `app.request()` has no socket.
 */
export function clientOf(c: Context, trust: ProxyTrust): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind the request (a test's app.request()).
  }
  return clientKey(clientAddress(peer, c.req.header('x-forwarded-for'), trust));
}

/**
 * A 413 answered before the body was read: the rest of it is still on the socket, so the connection
 * must not carry another request (a client reusing it would see its next request cut off).
 */
export function tooLarge(c: Context, failure: ApiFailure) {
  c.header('connection', 'close');
  return json(c, failureBody(failure), 413);
}

function answer(c: Context, error: unknown) {
  if (error instanceof ApiFailure) {
    c.set('failure' as never, (error.detail ? `${error.code} (${error.detail})` : error.code) as never);
    return json(c, failureBody(error), error.status);
  }
  console.error(error);
  return json(c, failureBody(fail('server', 500)), 500);
}

/**
 * JSON with its length. Without a Content-Length the compress middleware gzips every answer through a
 * stream, a tenth of the server's time under load for answers of a few dozen bytes; with it, answers
 * under 1 KB (most of them) go as they are.
 */
function json(c: Context, body: unknown, status = 200) {
  const text = JSON.stringify(body);
  return c.body(text, status as 200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
}
