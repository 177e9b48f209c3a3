/**
 * The native bridge: the only door to the host app (`window.NativeBridge`). Framework-free; pages
 * and stores import from here, and the queries and handlers they use from ./calls/<area>.ts (not
 * re-exported here: a page would then bundle every area's schemas). The contract is docs/bridge.md;
 * src/shared/bridge/contract.ts maps it whole, for the tests and the fake host.
 */
export { isInApp, query, command, type CommandResult } from './host';
export { onHost, REGISTRY_KEY } from './handlers';
export { commandWithReply, BridgeError, type BridgeErrorCode, type ReplyOptions, type ReplySignal } from './await';
export { callId } from './ids';
export type {
  Commands,
  CommandArg,
  CommandMethod,
  CommandReply,
  HandlerName,
  HandlerPayload,
  HandlerSpec,
  Id,
  PlayErrorCode,
  QueryMethod,
  QueryResult,
  QuerySpec,
} from '../../shared/bridge/contract';
