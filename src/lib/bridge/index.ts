/**
 * The native bridge: the only door to the host app (`window.NativeBridge`). Framework-free; pages
 * and stores import from here. The contract is docs/bridge.md.
 */
export { isInApp, query, command, type CommandResult } from './host';
export { onHost, REGISTRY_KEY } from './handlers';
export { commandWithReply, BridgeError, type BridgeErrorCode, type ReplyOptions, type ReplySignal } from './await';
export { callId } from './ids';
export { QUERIES, HANDLERS } from './contract';
export { PLAY_ERROR_CODES } from './schemas';
export type { Commands, CommandArg, CommandMethod, CommandReply, HandlerName, HandlerPayload, Id, PlayErrorCode, QueryMethod, QueryResult } from './contract';
