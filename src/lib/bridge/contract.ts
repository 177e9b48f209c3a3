/**
 * The bridge contract (docs/bridge.md) as one typed map: every query with its argument, result and
 * fallback, every command with its argument and the handlers that answer it, every handler's payload.
 */
import * as v from 'valibot';
import * as s from './schemas';
import type { COMMANDS } from './commands';

export type { Id, PlayErrorCode } from './schemas';

interface QuerySpec<R extends v.GenericSchema, A extends v.GenericSchema | undefined> {
  result: R;
  fallback: v.InferOutput<R>;
  arg: A;
}

// A helper rather than object literals so TS checks each fallback against its own result schema.
const q = <R extends v.GenericSchema, A extends v.GenericSchema | undefined = undefined>(result: R, fallback: v.InferOutput<R>, arg?: A): QuerySpec<R, A> => ({
  result,
  fallback,
  arg: arg as A,
});

/**
 * Every synchronous query. `""` from the host means "nothing" and gives the fallback.
 * @example QUERIES.accountInfo.fallback // { isLogin: false }
 */
export const QUERIES = {
  getAppBaseInfo: q(s.baseInfo, {}),
  dark: q(s.theme, { dark: 0 }),
  accountInfo: q(s.account, { isLogin: false }),
  isHeytapLogin: q(s.yesNo, false),
  getUserAuth: q(v.object({ authorized: v.boolean() }), { authorized: false }),
  getPayMethod: q(v.array(s.payMethod), [], v.object({ productId: s.id })),
  supportSelectPayType: q(s.yesNo, false),
  wxInstalled: q(s.yesNo, false),
  getKCoins: q(v.object({ balance: v.number() }), { balance: 0 }),
  getKReportInfo: q(s.reportInfo, {}),
  getPersonalInfo: q(s.personalInfo, {}),
  getSonglistInfo: q(s.songlist, {}, v.object({ id: s.id })),
  getPlayerState: q(s.playerState, { playing: false }),
  isSupportSpatialAudio: q(s.yesNo, false),
  hasKeyboard: q(s.yesNo, false),
  // The saved state is the page's own JSON: the page checks it with its own schema.
  restorePageState: q(v.unknown(), '', v.object({ key: v.string() })),
};

/** @example type Spec = Queries['dark'] // { result, fallback, arg } */
export type Queries = typeof QUERIES;
/** @example const method: QueryMethod = 'accountInfo' */
export type QueryMethod = keyof Queries;
/**
 * `[]` for a query without argument, `[arg]` otherwise: lets `query()` demand exactly what it needs.
 * @example type A = QueryArgs<'getSonglistInfo'> // [arg: { id: Id }]
 */
export type QueryArgs<M extends QueryMethod> = Queries[M]['arg'] extends v.GenericSchema ? [arg: v.InferInput<Queries[M]['arg']>] : [];
/** @example type Account = QueryResult<'accountInfo'> // { isLogin: boolean; … } */
export type QueryResult<M extends QueryMethod> = v.InferOutput<Queries[M]['result']>;
/**
 * What the host puts on the wire for a query (before parsing), for the fake host.
 * @example type Wire = QueryWire<'accountInfo'> // is_member: boolean | 0 | 1
 */
export type QueryWire<M extends QueryMethod> = v.InferInput<Queries[M]['result']>;

/**
 * Every host event and command answer, by global handler name.
 * @example v.parse(HANDLERS.onLoginCallback, { success: true })
 */
export const HANDLERS = {
  // The new session the app's account service issued; src/lib/session.ts keeps it only if it looks like one.
  onLoginCallback: v.object({ success: v.boolean(), app_sessionid: v.optional(v.string()) }),
  onPayCallback: s.payResult,
  acquirePictureCallback: v.array(s.picture),
  acquireFileCallback: s.pickedFile,
  uploadFileCallback: s.uploadProgress,
  onPlayCallback: v.object({ resourceId: s.id, state: s.id }),
  onPlayErrorCallback: v.object({ resourceId: s.id, code: v.string() }),
  launchHTDialogCallback: v.object({ index: v.pipe(v.number(), v.integer()) }),
  onResume: s.nothing,
  h5Dark: s.theme,
};

/** @example const name: HandlerName = 'h5Dark' */
export type HandlerName = keyof typeof HANDLERS;
/** @example type Pay = HandlerPayload<'onPayCallback'> // { status, orderId, message? } */
export type HandlerPayload<N extends HandlerName> = v.InferOutput<(typeof HANDLERS)[N]>;
/**
 * What the host sends to a handler (before parsing), for the fake host.
 * @example const dark: HandlerWire<'h5Dark'> = { dark: 1, bgColor: '000000' }
 */
export type HandlerWire<N extends HandlerName> = v.InferInput<(typeof HANDLERS)[N]>;

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
