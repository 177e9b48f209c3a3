/**
 * What a query and a handler of the bridge contract are as values. Each area declares its own in
 * ./calls/<area>.ts with their schemas, as the API's endpoints are declared per area, so a page bundles
 * the schemas of the calls it makes and not the whole contract; ./contract.ts maps them all by name.
 */
import type * as v from 'valibot';

/**
 * One synchronous query: the host's method, the schema of its answer, the fallback a page gets
 * instead of a missing or bad answer, and the schema of its argument (undefined: it takes none).
 * @example const spec: QuerySpec = accountInfo
 */
export interface QuerySpec<
  M extends string = string,
  R extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  method: M;
  result: R;
  fallback: v.InferOutput<R>;
  arg: A;
}

/**
 * `[]` for a query without argument, `[arg]` otherwise: lets `query()` demand exactly what it needs.
 * @example type A = ArgsOf<typeof getSonglistInfo> // [arg: { id: Id }]
 */
export type ArgsOf<Q extends QuerySpec> = Q['arg'] extends v.GenericSchema ? [arg: v.InferInput<Q['arg']>] : [];
/** @example type Account = ResultOf<typeof accountInfo> // { isLogin: boolean; … } */
export type ResultOf<Q extends QuerySpec> = v.InferOutput<Q['result']>;

/**
 * Declares a query; a helper rather than object literals so TS checks each fallback against its own
 * result schema. Free of side effects: a query no page asks is left out of the bundle.
 * @example export const getKCoins = querySpec('getKCoins', v.object({ balance: v.number() }), { balance: 0 })
 */
export const querySpec = /* @__NO_SIDE_EFFECTS__ */ <M extends string, R extends v.GenericSchema, A extends v.GenericSchema | undefined = undefined>(
  method: M,
  result: R,
  fallback: v.InferOutput<R>,
  arg?: A,
): QuerySpec<M, R, A> => ({ method, result, fallback, arg: arg as A });

/**
 * One global handler the host calls: its name, and the schema of its payload (undefined: it carries
 * nothing, and whatever the host passes is ignored, so subscribers always get `undefined`).
 * @example const spec: HandlerSpec = h5Dark
 */
export interface HandlerSpec<N extends string = string, P extends v.GenericSchema | undefined = v.GenericSchema | undefined> {
  name: N;
  payload: P;
}

/** @example type Pay = PayloadOf<typeof onPayCallback> // { status, orderId, message? } */
export type PayloadOf<H extends HandlerSpec> = H['payload'] extends v.GenericSchema ? v.InferOutput<H['payload']> : undefined;
/** What the host sends (before parsing), for the fake host. @example const dark: WireOf<typeof h5Dark> = { dark: 1 } */
export type WireOf<H extends HandlerSpec> = H['payload'] extends v.GenericSchema ? v.InferInput<H['payload']> : unknown;

/**
 * Declares a handler. Free of side effects: a handler no page listens to is left out of the bundle.
 * @example export const h5Dark = handlerSpec('h5Dark', theme)
 */
export const handlerSpec = /* @__NO_SIDE_EFFECTS__ */ <N extends string, P extends v.GenericSchema | undefined = undefined>(
  name: N,
  payload?: P,
): HandlerSpec<N, P> => ({
  name,
  payload: payload as P,
});
