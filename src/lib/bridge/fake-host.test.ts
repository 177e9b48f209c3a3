// @vitest-environment happy-dom
/**
 * The fake host (server/fake-host) seen through the bridge: the outcomes tests and the
 * simulator steer. If these drift, every page test built on the fake host tests the wrong thing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, installFakeHost, setState, type FakeCall, type FakeHost } from '../../../server/fake-host';
import { HANDLERS, QUERIES } from '../../shared/bridge/contract';
import { REGISTRY_KEY } from './handlers';
import { callId, command, commandWithReply, onHost, query } from './index';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
const MB = 1024 * 1024;

let host: FakeHost;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
  host = installFakeHost(window);
});
afterEach(() => {
  host.uninstall();
  for (const name of [REGISTRY_KEY, ...Object.keys(HANDLERS)]) delete globals[name];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('fake host uploads', () => {
  it('reports the picked file, then progress, then done with a url', async () => {
    const events: unknown[] = [];
    onHost(HANDLERS.acquireFileCallback, (file) => events.push(file));
    onHost(HANDLERS.uploadFileCallback, ({ status, progress }) => events.push([status, progress]));
    setState({ file: { name: 'big.mp4', size: 201 * MB, mime: 'video/mp4' } });
    command('uploadFile', { accept: 'video', maxBytes: 200 * MB });
    await vi.runAllTimersAsync();
    expect(events).toEqual([{ id: 'file-1', name: 'big.mp4', size: 201 * MB, mime: 'video/mp4' }, ['progress', 50], ['done', 100]]);
  });

  it('sends nine progress events over time for a slow upload, and none after it is cancelled', async () => {
    host.setState({ uploadOutcome: 'slow', slowStepMs: 100 });
    const progress: number[] = [];
    onHost(HANDLERS.uploadFileCallback, (event) => event.progress !== undefined && progress.push(event.progress));
    command('uploadFile', { accept: 'audio', maxBytes: 200 * MB });
    await vi.advanceTimersByTimeAsync(350);
    expect(progress).toEqual([10, 20, 30]);
    command('cancelUploadFile', { id: 'file-1' });
    await vi.runAllTimersAsync();
    expect(progress).toEqual([10, 20, 30]);
  });

  it('answers uploadFeedbackLog with uploadFileCallback carrying the logFileName as id', async () => {
    host.setState({ uploadOutcome: 'failed' });
    const logFileName = `log-${callId()}`;
    const result = commandWithReply('uploadFeedbackLog', { logFileName }, HANDLERS.uploadFileCallback, {
      timeoutMs: 1000,
      match: (event) => event.id === logFileName && event.status !== 'progress',
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ id: logFileName, status: 'failed' });
  });

  it('returns at most `max` pictures', async () => {
    host.setState({ pictures: [1, 2, 3].map((n) => ({ id: n, name: `${n}.png`, size: n, mime: 'image/png' })) });
    const picked = commandWithReply('acquirePicture', { max: 2 }, HANDLERS.acquirePictureCallback, { timeoutMs: 1000 });
    await vi.runAllTimersAsync();
    expect((await picked).map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('fake host account, pay and play', () => {
  it('signs in on login and grants a 31-day membership on paySuccess', async () => {
    host.setState({ account: { isLogin: false } });
    const login = commandWithReply('login', undefined, HANDLERS.onLoginCallback, { timeoutMs: 1000 });
    await vi.runAllTimersAsync();
    expect(await login).toEqual({ success: true });
    command('paySuccess', { orderId: 'o-1' });
    const account = query(QUERIES.accountInfo);
    expect(account).toMatchObject({ isLogin: true, is_member: true, vip: { is_vip: 1 } });
    expect(account.vip!.valid_time - Date.now() / 1000).toBeCloseTo(31 * 86_400, -1);
  });

  it('answers launchPlay with the configured play error', async () => {
    host.setState({ playError: 'vip_only' });
    const failed = commandWithReply('launchPlay', { resourceId: 12, type: 1, referrer: 'list' }, HANDLERS.onPlayErrorCallback, {
      timeoutMs: 1000,
    });
    await vi.runAllTimersAsync();
    expect(await failed).toEqual({ resourceId: 12, code: 'vip_only' });
  });

  it('marks the player as playing after a successful launchPlay', async () => {
    command('launchPlay', { resourceId: 12, type: 1, referrer: 'list' });
    await vi.runAllTimersAsync();
    expect(query(QUERIES.getPlayerState)).toEqual({ playing: true, resourceId: 12 });
  });

  it('answers the dialog with the configured button index', async () => {
    host.setState({ dialogAnswer: 1 });
    const tapped = commandWithReply('launchHTDialog2', { title: 'Leave?', content: '', buttons: ['Stay', 'Leave'] }, HANDLERS.launchHTDialogCallback, {
      timeoutMs: 1000,
    });
    await vi.runAllTimersAsync();
    expect(await tapped).toEqual({ index: 1 });
  });
});

describe('fake host state and log', () => {
  it('restores a saved page state, also in a new page through sessionStorage', () => {
    command('savePageState', { key: 'k-recharge', state: { scroll: 320 } });
    host.uninstall();
    host = installFakeHost(window);
    expect(query(QUERIES.restorePageState, { key: 'k-recharge' })).toEqual({ scroll: 320 });
    expect(query(QUERIES.restorePageState, { key: 'unknown' })).toBe('');
  });

  it('changes answers live with setState, including removing a method', () => {
    setState({ coins: 7, dark: 1, bgColor: '262626' });
    expect(query(QUERIES.getKCoins)).toEqual({ balance: 7 });
    expect(query(QUERIES.dark)).toEqual({ dark: 1, bgColor: '262626' });
    setState({ missing: ['getKCoins'] });
    expect((globals.NativeBridge as Record<string, unknown>).getKCoins).toBeUndefined();
    expect(query(QUERIES.getKCoins)).toEqual({ balance: 0 });
  });

  it('logs every call with argument, result and time, and tells onCall listeners', () => {
    const seen: FakeCall[] = [];
    host.onCall((call) => seen.push(call));
    query(QUERIES.getPayMethod, { productId: 'vip_month' });
    emit('onResume');
    expect(host.calls.map(({ kind, method }) => [kind, method])).toEqual([
      ['query', 'getPayMethod'],
      ['callback', 'onResume'],
    ]);
    expect(host.calls[0]).toMatchObject({ arg: { productId: 'vip_month' }, result: expect.stringContaining('Card') });
    expect(host.calls[0]!.at).toBeTypeOf('number');
    expect(seen).toEqual(host.calls);
  });

  it('refuses anything but one JSON string, as the contract demands', () => {
    const bridge = globals.NativeBridge as Record<string, (...args: unknown[]) => unknown>;
    expect(() => bridge.jump!({ target: 'x' })).toThrow(TypeError);
    expect(() => bridge.jump!('{}', '{}')).toThrow(TypeError);
  });
});
