/**
 * The API contract (docs/api.md): every endpoint once, with its path and the valibot schemas of its
 * request and response. The browser client and the reference server (`server/`) both read this map,
 * so a path or a shape cannot differ between them.
 */
import * as v from 'valibot';

/**
 * One endpoint: where it lives and what goes in and out (the `data` of a `{ code: 0 }` answer).
 * @example const e: Endpoint = ENDPOINTS.session
 */
export interface Endpoint<Req extends v.GenericSchema = v.GenericSchema, Res extends v.GenericSchema = v.GenericSchema> {
  /** Every path sits under `/api/`, so the CDN can route the API apart from the pages. */
  path: `/api/${string}`;
  request: Req;
  response: Res;
  /** Answered without a signed-in user (uid and app_sessionid); every other endpoint needs one. */
  public?: boolean;
}

// A helper rather than object literals so each entry keeps its own precise schema types.
const endpoint = <Req extends v.GenericSchema, Res extends v.GenericSchema>(
  path: `/api/${string}`,
  request: Req,
  response: Res,
  options: { public?: boolean } = {},
): Endpoint<Req, Res> => ({ path, request, response, ...options });

/**
 * Every endpoint by name. Each product area (vip, coins, feedback, music, personal, report) adds its
 * endpoints here, next to the platform ones, and nowhere else.
 * @example ENDPOINTS.health.path // '/api/health'
 */
export const ENDPOINTS = {
  // Platform: is the API up (no session needed).
  health: endpoint('/api/health', v.object({}), v.object({ ok: v.literal(true) }), { public: true }),
  // Platform: who the server thinks is signed in, from the uid/app_sessionid of the body.
  session: endpoint('/api/session', v.object({}), v.object({ uid: v.string(), loginAt: v.number() })),
};

/**
 * The contract's type, for code that walks every endpoint (the reference server's router).
 * @example type HealthPath = Endpoints['health']['path']
 */
export type Endpoints = typeof ENDPOINTS;
/**
 * Any endpoint name.
 * @example const name: EndpointName = 'session'
 */
export type EndpointName = keyof Endpoints;
/** What a caller passes to `request(name, body)`; `& object` because `v.object({})` alone infers `{}`, which a string satisfies.
 * @example const body: RequestOf<'health'> = {}
 */
export type RequestOf<N extends EndpointName> = v.InferInput<Endpoints[N]['request']> & object;
/**
 * What `request(name, body)` resolves with, after runtime validation.
 * @example const s: ResponseOf<'session'> = { uid: '10001', loginAt: 1700000000000 }
 */
export type ResponseOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['response']>;

/**
 * The fields the client adds to every encrypted body (names reserved: they overwrite a body field of
 * the same name). The server parses them before the endpoint's own request schema.
 * @example v.parse(WIRE_FIELDS, decrypted).uid
 */
export const WIRE_FIELDS = v.object({
  uid: v.string(),
  app_sessionid: v.string(),
  /** Milliseconds since the epoch when the request was sealed; lets the server refuse stale replays. */
  ts: v.number(),
  /** 32 random characters; with ts, lets the server refuse a replayed request. */
  nonce: v.pipe(v.string(), v.length(32)),
});
/**
 * The reserved fields as a type.
 * @example const wire: WireFields = { uid: '', app_sessionid: '', ts: Date.now(), nonce: 'A'.repeat(32) }
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

/**
 * The reply the server sends, typed by endpoint.
 * @example const reply: Envelope<'health'> = { code: 0, data: { ok: true } }
 */
export type Envelope<N extends EndpointName> = { code: 0; data: ResponseOf<N> } | { code: string | number; message: string };
