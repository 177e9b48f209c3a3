/**
 * A command and its answer as one promise: send, wait for the handler the contract names, and give
 * up cleanly on no host, time-out or abort.
 */
import type { CommandArg, CommandArgs, CommandMethod, CommandReply } from '../../shared/bridge/contract';
import type { HandlerSpec, PayloadOf } from '../../shared/bridge/spec';
import { onHost } from './handlers';
import { command } from './host';

/**
 * Why an awaited command has no answer; each maps to a catalogue message (`errorKey` in lib/errors).
 * @example const code: BridgeErrorCode = 'timeout'
 */
export type BridgeErrorCode = 'unavailable' | 'timeout' | 'cancelled';

/**
 * An awaited command that ended without an answer. An error value with a code, so a page can pick
 * the message (open-in-app prompt, time-out toast) or stay silent on `cancelled`.
 * @example if (error instanceof BridgeError && error.code === 'unavailable') showOpenInApp()
 */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;

  constructor(code: BridgeErrorCode, message: string = code) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

/**
 * What commandWithReply needs of a signal: an AbortSignal has it, and so does an object of its own
 * where AbortController (Chromium 66) is missing (src/lib/pay/host.ts).
 * @example const signal: ReplySignal = new AbortController().signal
 */
export interface ReplySignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** @example const options: ReplyOptions<PayloadOf<typeof onPayCallback>> = { timeoutMs: 60_000, signal } */
export interface ReplyOptions<P> {
  /** Give up after this many ms; `Infinity` waits for the answer or an abort (a user still paying). */
  timeoutMs: number;
  signal?: ReplySignal;
  /** Only accept an answer for this call, e.g. the same orderId; others are left to other listeners. */
  match?: (payload: P) => boolean;
}

/**
 * Sends a command and resolves with the first valid (and matching) payload of its answer handler.
 * Rejects with a BridgeError: `unavailable` (no host or method), `timeout`, `cancelled` (signal).
 * Always unsubscribes, so a host that answers twice still settles the promise once.
 * @example
 * const result = await commandWithReply('startPayWeb', order, onPayCallback, {
 *   timeoutMs: Infinity, signal, match: (r) => r.orderId === order.orderId,
 * });
 */
export function commandWithReply<M extends CommandMethod, H extends HandlerSpec<CommandReply<M>>>(
  method: M,
  arg: CommandArg<M>,
  replyHandler: H,
  { timeoutMs, signal, match }: ReplyOptions<PayloadOf<H>>,
): Promise<PayloadOf<H>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      off();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const fail = (code: BridgeErrorCode) => finish(() => reject(new BridgeError(code, `${method}: ${code}`)));
    const onAbort = () => fail('cancelled');

    // Subscribed before sending: some hosts answer synchronously, inside the command call.
    const off = onHost(replyHandler, (payload) => {
      if (!match || match(payload)) finish(() => resolve(payload));
    });
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    // setTimeout's delay is a 32-bit int: a longer one (or Infinity) would fire at once, so no timer instead.
    if (timeoutMs < 2 ** 31) timer = setTimeout(() => fail('timeout'), timeoutMs);
    if (!command(method, ...([arg] as CommandArgs<M>)).ok) fail('unavailable');
  });
}
