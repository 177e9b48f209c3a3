// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, installFakeHost, type FakeHost } from '../../../server/fake-host';
import { BridgeError, commandWithReply } from './await';
import { HANDLERS } from '../../shared/bridge/contract';
import { REGISTRY_KEY } from './handlers';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
const order = { orderId: 'o-1', productId: 'vip_month', payType: 1, amount: 15 };
/** How many subscribers a handler still has: proves a settled call cleaned up after itself. */
const subscribers = (name: string) => (globals[REGISTRY_KEY] as Map<string, { listeners: Set<unknown> }> | undefined)?.get(name)?.listeners.size ?? 0;

let host: FakeHost | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  host?.uninstall();
  host = undefined;
  for (const name of ['NativeBridge', REGISTRY_KEY, ...Object.keys(HANDLERS)]) delete globals[name];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('commandWithReply', () => {
  it('resolves with the parsed onPayCallback the host sends asynchronously', async () => {
    host = installFakeHost(window, { payOutcome: 'cancel' });
    const reply = commandWithReply('startPayWeb', order, HANDLERS.onPayCallback, { timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    await expect(reply).resolves.toEqual({ status: 'cancel', orderId: 'o-1' });
    expect(host.calls[0]).toMatchObject({ method: 'startPayWeb', arg: order });
    expect(subscribers('onPayCallback')).toBe(0);
  });

  it('resolves login with no argument sent to the host', async () => {
    host = installFakeHost(window);
    const reply = commandWithReply('login', undefined, HANDLERS.onLoginCallback, { timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    await expect(reply).resolves.toEqual({ success: true });
    expect(host.calls[0]).toMatchObject({ method: 'login', arg: undefined });
  });

  it('ignores answers that do not match, e.g. another order’s onPayCallback', async () => {
    host = installFakeHost(window, { payOutcome: 'none' });
    const reply = commandWithReply('startPayWeb', order, HANDLERS.onPayCallback, {
      timeoutMs: 5000,
      match: (result) => result.orderId === order.orderId,
    });
    emit('onPayCallback', { status: 'success', orderId: 'someone-else' });
    emit('onPayCallback', { status: 'failed', orderId: 'o-1', message: 'declined' });
    await expect(reply).resolves.toEqual({ status: 'failed', orderId: 'o-1', message: 'declined' });
  });

  it('rejects with code timeout when onPayCallback never arrives, and unsubscribes', async () => {
    host = installFakeHost(window, { payOutcome: 'none' });
    const reply = commandWithReply('startPayWeb', order, HANDLERS.onPayCallback, { timeoutMs: 30_000 });
    const settled = expect(reply).rejects.toMatchObject({ name: 'BridgeError', code: 'timeout' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(subscribers('onPayCallback')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(subscribers('onPayCallback')).toBe(0);
  });

  it('ignores an answer that arrives after the time-out', async () => {
    host = installFakeHost(window, { payOutcome: 'success', replyDelayMs: 2000 });
    const reply = commandWithReply('startPayWeb', order, HANDLERS.onPayCallback, { timeoutMs: 1000 });
    const settled = expect(reply).rejects.toBeInstanceOf(BridgeError);
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
  });

  it('waits without a timer when timeoutMs is Infinity', async () => {
    host = installFakeHost(window, { payOutcome: 'success', replyDelayMs: 600_000 });
    const reply = commandWithReply('startPayWeb', order, HANDLERS.onPayCallback, { timeoutMs: Infinity });
    await vi.advanceTimersByTimeAsync(600_000);
    await expect(reply).resolves.toMatchObject({ status: 'success' });
  });

  it('rejects with code cancelled when the page aborts, and unsubscribes', async () => {
    host = installFakeHost(window, { uploadOutcome: 'slow' });
    const controller = new AbortController();
    const picked = commandWithReply('uploadFile', { accept: 'video', maxBytes: 200 * 1024 * 1024 }, HANDLERS.uploadFileCallback, {
      timeoutMs: 60_000,
      signal: controller.signal,
      match: (event) => event.status === 'done',
    });
    const settled = expect(picked).rejects.toMatchObject({ code: 'cancelled' });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await settled;
    expect(subscribers('uploadFileCallback')).toBe(0);
  });

  it('rejects with cancelled without sending when the signal is already aborted', async () => {
    host = installFakeHost(window);
    const reply = commandWithReply('launchHTDialog2', { title: 't', content: 'c', buttons: ['OK'] }, HANDLERS.launchHTDialogCallback, {
      timeoutMs: 1000,
      signal: AbortSignal.abort(),
    });
    await expect(reply).rejects.toMatchObject({ code: 'cancelled' });
    expect(host.calls).toHaveLength(0);
  });

  it('rejects with code unavailable in a plain browser', async () => {
    const reply = commandWithReply('acquirePicture', { max: 5 }, HANDLERS.acquirePictureCallback, { timeoutMs: 1000 });
    await expect(reply).rejects.toMatchObject({ code: 'unavailable' });
    expect(subscribers('acquirePictureCallback')).toBe(0);
  });

  it('rejects with code unavailable when an older app lacks the command', async () => {
    host = installFakeHost(window, { missing: ['launchPlay'] });
    const reply = commandWithReply('launchPlay', { resourceId: 1, type: 1, referrer: 'list' }, HANDLERS.onPlayCallback, { timeoutMs: 1000 });
    await expect(reply).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('settles once when the host delivers the callback twice', async () => {
    host = installFakeHost(window, { duplicateCallbacks: true, dialogAnswer: 1 });
    const reply = commandWithReply('launchHTDialog2', { title: 't', content: 'c', buttons: ['No', 'Yes'] }, HANDLERS.launchHTDialogCallback, {
      timeoutMs: 1000,
    });
    const then = vi.fn();
    void reply.then(then);
    await vi.advanceTimersByTimeAsync(10);
    expect(host.calls.filter((c) => c.method === 'launchHTDialogCallback')).toHaveLength(2);
    expect(then).toHaveBeenCalledExactlyOnceWith({ index: 1 });
    expect(subscribers('launchHTDialogCallback')).toBe(0);
  });

  it('catches an answer the host delivers synchronously, inside the command call', async () => {
    globals.NativeBridge = { login: () => (globals.onLoginCallback as (json: string) => void)('{"success":false}') };
    await expect(commandWithReply('login', undefined, HANDLERS.onLoginCallback, { timeoutMs: 1000 })).resolves.toEqual({ success: false });
  });
});

describe('BridgeError', () => {
  it('is an Error with a code and a readable name', () => {
    const error = new BridgeError('timeout');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'BridgeError', code: 'timeout', message: 'timeout' });
  });
});
