/**
 * What an endpoint is (its path and the valibot schemas of its request and response) and the wire
 * schemas every request and answer share. Each area declares its endpoints as values in
 * ./endpoints/<area>.ts, so a page bundles only the schemas of the endpoints it calls.
 */
import * as v from 'valibot';

/**
 * One endpoint: where it lives and what goes in and out (the `data` of a `{ code: 0 }` answer).
 * @example const e: Endpoint = session
 */
export interface Endpoint<Req extends v.GenericSchema = v.GenericSchema, Res extends v.GenericSchema = v.GenericSchema, Public extends boolean = boolean> {
  /** Every path sits under `/api/`, so the CDN can route the API apart from the pages. */
  path: `/api/${string}`;
  request: Req;
  response: Res;
  /**
   * Answered without a signed-in user, and unsealed (docs/api.md); every other endpoint needs one.
   * A literal in each declaration, so the server's handler of a signed-in endpoint is given a user.
   */
  public: Public;
}

/**
 * Declares an endpoint; a helper rather than an object literal so it keeps its precise schema types,
 * and whether it is public as a literal type.
 * @example export const health = endpoint('/api/health', v.object({}), v.object({ ok: v.literal(true) }), { public: true })
 */
export const endpoint = <Req extends v.GenericSchema, Res extends v.GenericSchema, Public extends boolean = false>(
  path: `/api/${string}`,
  request: Req,
  response: Res,
  options: { public?: Public } = {},
): Endpoint<Req, Res, Public> => ({ path, request, response, public: (options.public ?? false) as Public });

/**
 * What a caller passes for an endpoint; `& object` because `v.object({})` alone infers `{}`, which a
 * string satisfies.
 * @example const body: BodyOf<typeof health> = {}
 */
export type BodyOf<E extends Endpoint> = v.InferInput<E['request']> & object;
/**
 * What an endpoint resolves with, after runtime validation.
 * @example const s: DataOf<typeof session> = { uid: '10001', loginAt: 1700000000000 }
 */
export type DataOf<E extends Endpoint> = v.InferOutput<E['response']>;

/** The version of the sealed body's reserved fields (docs/api.md, Request step by step). */
export const WIRE_VERSION = 2;

/**
 * The fields the client adds to every encrypted body (names reserved: they overwrite a body field of
 * the same name). The server parses them before the endpoint's own request schema.
 * @example v.parse(WIRE_FIELDS, decrypted).uid
 */
export const WIRE_FIELDS = v.object({
  /** The wire format's version: 2 since requests name their endpoint, binding a sealed request to it. */
  v: v.literal(WIRE_VERSION),
  /**
   * The endpoint the request is for, sealed with it: the server answers it only at that path, so a
   * captured request delivered to another endpoint (an order poll to "cancel") is refused.
   */
  path: v.pipe(v.string(), v.maxLength(64)),
  /** The host's account id, or '' when it gives none; the server only checks it against the session's. */
  uid: v.pipe(v.string(), v.maxLength(64)),
  /** Issued by the account service; the server looks it up on every request that needs a user. */
  app_sessionid: v.pipe(v.string(), v.maxLength(128)),
  /** Milliseconds since the epoch when the request was sealed; lets the server refuse stale replays. */
  ts: v.number(),
  /** 32 random characters; with ts, lets the server refuse a replayed request. */
  nonce: v.pipe(v.string(), v.length(32)),
});
/**
 * The reserved fields as a type.
 * @example const wire: WireFields = { v: 2, path: '/api/health', uid: '', app_sessionid: '', ts: Date.now(), nonce: 'A'.repeat(32) }
 */
export type WireFields = v.InferOutput<typeof WIRE_FIELDS>;

/**
 * Every answer, success or not: `{ code: 0, data }`, else `{ code, message }` where a string code
 * that is a catalogue key (`error.*` in the message files) reaches the user as that message.
 * @example v.parse(ENVELOPE, { code: 'loginExpired', message: 'expired' })
 */
export const ENVELOPE = v.object({
  code: v.union([v.string(), v.number()]),
  data: v.optional(v.unknown()),
  message: v.optional(v.string()),
});
