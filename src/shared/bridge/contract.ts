/**
 * The bridge contract (docs/bridge.md) as one typed map: every query with its argument, result and
 * fallback, every command with its argument and the handlers that answer it, every handler's payload.
 * Queries and handlers are declared per area with their schemas (./calls/<area>.ts) and pages import
 * them from there (`query(accountInfo)`), so a page bundles the schemas of the calls it makes, not the
 * whole contract; these maps, for the tests, the fake host and the types, are never imported by a page.
 */
import type * as v from 'valibot';
import { accountInfo, dark, getAppBaseInfo, h5Dark, onLoginCallback, onResume } from './calls/app';
import { getKCoins } from './calls/coins';
import { acquireFileCallback, acquirePictureCallback, hasKeyboard, restorePageState, uploadFileCallback } from './calls/forms';
import { getSonglistInfo, getUserAuth, isSupportSpatialAudio, onPlayCallback, onPlayErrorCallback } from './calls/music';
import { getPlayerState } from './calls/player';
import { isHeytapLogin, launchHTDialogCallback, onPayCallback } from './calls/pay';
import { getPayMethod, supportSelectPayType, wxInstalled } from './calls/pay-methods';
import { getPersonalInfo } from './calls/personal';
import { getKReportInfo } from './calls/report';
import type { COMMANDS } from './commands';
import type { ArgsOf, PayloadOf, ResultOf, WireOf } from './spec';

export type { Id } from './schemas';
export type { PlayErrorCode } from './calls/music';
export type { HandlerSpec, QuerySpec } from './spec';

/**
 * Every synchronous query, by method name. `""` from the host means "nothing" and gives the fallback.
 * @example QUERIES.accountInfo.fallback // { isLogin: false }
 */
export const QUERIES = {
  getAppBaseInfo,
  dark,
  accountInfo,
  isHeytapLogin,
  getUserAuth,
  getPayMethod,
  supportSelectPayType,
  wxInstalled,
  getKCoins,
  getKReportInfo,
  getPersonalInfo,
  getSonglistInfo,
  getPlayerState,
  isSupportSpatialAudio,
  hasKeyboard,
  restorePageState,
};

/** @example type Spec = Queries['dark'] // { method, result, fallback, arg } */
export type Queries = typeof QUERIES;
/** @example const method: QueryMethod = 'accountInfo' */
export type QueryMethod = keyof Queries;
/**
 * `[]` for a query without argument, `[arg]` otherwise: lets `query()` demand exactly what it needs.
 * @example type A = QueryArgs<'getSonglistInfo'> // [arg: { id: Id }]
 */
export type QueryArgs<M extends QueryMethod> = ArgsOf<Queries[M]>;
/** @example type Account = QueryResult<'accountInfo'> // { isLogin: boolean; … } */
export type QueryResult<M extends QueryMethod> = ResultOf<Queries[M]>;
/**
 * What the host puts on the wire for a query (before parsing), for the fake host.
 * @example type Wire = QueryWire<'accountInfo'> // is_member: boolean | 0 | 1
 */
export type QueryWire<M extends QueryMethod> = v.InferInput<Queries[M]['result']>;

/**
 * Every host event and command answer, by global handler name.
 * @example v.parse(HANDLERS.onLoginCallback.payload, { success: true })
 */
export const HANDLERS = {
  onLoginCallback,
  onPayCallback,
  acquirePictureCallback,
  acquireFileCallback,
  uploadFileCallback,
  onPlayCallback,
  onPlayErrorCallback,
  launchHTDialogCallback,
  onResume,
  h5Dark,
};

/** @example const name: HandlerName = 'h5Dark' */
export type HandlerName = keyof typeof HANDLERS;
/** @example type Pay = HandlerPayload<'onPayCallback'> // { status, orderId, message? } */
export type HandlerPayload<N extends HandlerName> = PayloadOf<(typeof HANDLERS)[N]>;
/**
 * What the host sends to a handler (before parsing), for the fake host.
 * @example const dark: HandlerWire<'h5Dark'> = { dark: 1, bgColor: '000000' }
 */
export type HandlerWire<N extends HandlerName> = WireOf<(typeof HANDLERS)[N]>;

/**
 * Every command: its argument (`undefined` = called with none) and the handlers that answer it, read
 * from the schemas in commands.ts. Only the type reaches the pages (see there).
 * @example type PayArg = Commands['startPayWeb']['arg'] // { orderId, productId, payType, amount }
 */
export type Commands = {
  [M in keyof typeof COMMANDS]: { arg: v.InferInput<(typeof COMMANDS)[M]['arg']>; replies: (typeof COMMANDS)[M]['replies'][number] & HandlerName };
};
type Replies = (typeof COMMANDS)[keyof typeof COMMANDS]['replies'][number];
/** Fails the type check here when a command replies through a handler HANDLERS lacks (a typo in commands.ts). */
export type RepliesAreHandlers<T extends true = Exclude<Replies, HandlerName> extends never ? true : false> = T;

/** @example const method: CommandMethod = 'startPayWeb' */
export type CommandMethod = keyof Commands;
/** @example type Arg = CommandArg<'jump'> // { target: string } */
export type CommandArg<M extends CommandMethod> = Commands[M]['arg'];
/**
 * `[arg?]` or `[arg]`, following whether the command's argument is absent/optional or required.
 * @example type A = CommandArgs<'finishPage'> // [arg?: { id: Id }]
 */
export type CommandArgs<M extends CommandMethod> = undefined extends CommandArg<M> ? [arg?: CommandArg<M>] : [arg: CommandArg<M>];
/** @example type R = CommandReply<'uploadFile'> // 'acquireFileCallback' | 'uploadFileCallback' */
export type CommandReply<M extends CommandMethod> = Commands[M]['replies'];
