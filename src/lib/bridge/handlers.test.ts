// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, installFakeHost, type FakeHost } from '../../../server/fake-host';
import { HANDLERS } from '../../shared/bridge/contract';
import { REGISTRY_KEY } from './handlers';

type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;
const call = (name: string, ...args: unknown[]) => (globals[name] as (...a: unknown[]) => void)(...args);

// A fresh module per test, as a second bundle would load it.
async function load() {
  vi.resetModules();
  return import('./handlers');
}

let host: FakeHost;
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
  host = installFakeHost(window);
});
afterEach(() => {
  host.uninstall();
  for (const name of [REGISTRY_KEY, ...Object.keys(HANDLERS)]) delete globals[name];
  vi.restoreAllMocks();
});

describe('onHost', () => {
  it('fans one h5Dark call out to two subscribers with the parsed payload', async () => {
    const { onHost } = await load();
    const first = vi.fn();
    const second = vi.fn();
    onHost(HANDLERS.h5Dark, first);
    onHost(HANDLERS.h5Dark, second);
    emit('h5Dark', { dark: 1, bgColor: '171717' });
    expect(first).toHaveBeenCalledExactlyOnceWith({ dark: 1, bgColor: '171717' });
    expect(second).toHaveBeenCalledExactlyOnceWith({ dark: 1, bgColor: '171717' });
  });

  it('stops calling a subscriber once it unsubscribed, and keeps calling the others', async () => {
    const { onHost } = await load();
    const gone = vi.fn();
    const kept = vi.fn();
    const off = onHost(HANDLERS.onResume, gone);
    onHost(HANDLERS.onResume, kept);
    off();
    emit('onResume');
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('treats the same function subscribed twice as two subscriptions', async () => {
    const { onHost } = await load();
    const listener = vi.fn();
    const off = onHost(HANDLERS.onResume, listener);
    onHost(HANDLERS.onResume, listener);
    off();
    emit('onResume');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('accepts a payload the host passes as an already-parsed object', async () => {
    const { onHost } = await load();
    const listener = vi.fn();
    onHost(HANDLERS.onLoginCallback, listener);
    call('onLoginCallback', { success: true });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ success: true });
  });

  it('drops a malformed payload with a warning and no subscriber sees it', async () => {
    const { onHost } = await load();
    const listener = vi.fn();
    onHost(HANDLERS.onPayCallback, listener);
    emit('onPayCallback', '{not json');
    emit('onPayCallback', '{"status":"maybe","orderId":"o1"}');
    call('onPayCallback');
    expect(listener).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]?.[0])).toContain('onPayCallback');
  });

  it('still calls the other subscribers when one throws', async () => {
    const { onHost } = await load();
    const after = vi.fn();
    onHost(HANDLERS.onResume, () => {
      throw new Error('boom');
    });
    onHost(HANDLERS.onResume, after);
    expect(() => emit('onResume')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('lets a subscriber unsubscribe another during the same call without skipping anyone this round', async () => {
    const { onHost } = await load();
    const second = vi.fn();
    let offSecond = () => {};
    onHost(HANDLERS.onResume, () => offSecond());
    offSecond = onHost(HANDLERS.onResume, second);
    emit('onResume');
    emit('onResume');
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('a handler defined before the module loads', () => {
  it('keeps the shell script’s window.h5Dark and calls it first with the raw argument', async () => {
    const order: string[] = [];
    const shell = vi.fn(() => order.push('shell'));
    globals.h5Dark = shell;
    const { onHost } = await load();
    onHost(HANDLERS.h5Dark, () => order.push('subscriber'));
    const json = '{"dark":1,"bgColor":"000000"}';
    call('h5Dark', json);
    expect(shell).toHaveBeenCalledExactlyOnceWith(json);
    expect(order).toEqual(['shell', 'subscriber']);
  });

  it('still calls it when the payload is malformed, so the shell decides for itself', async () => {
    const shell = vi.fn();
    globals.h5Dark = shell;
    const { onHost } = await load();
    onHost(HANDLERS.h5Dark, vi.fn());
    call('h5Dark', 'garbage');
    expect(shell).toHaveBeenCalledExactlyOnceWith('garbage');
  });
});

describe('loading the module twice (two bundles on one page)', () => {
  it('installs window.onResume once and reaches the subscribers of both copies once each', async () => {
    const first = await load();
    const second = await load();
    expect(first.onHost).not.toBe(second.onHost);
    const a = vi.fn();
    const b = vi.fn();
    first.onHost(HANDLERS.onResume, a);
    const installed = globals.onResume;
    second.onHost(HANDLERS.onResume, b);
    expect(globals.onResume).toBe(installed);
    emit('onResume');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('calls a pre-existing h5Dark once, not once per copy', async () => {
    const shell = vi.fn();
    globals.h5Dark = shell;
    (await load()).onHost(HANDLERS.h5Dark, vi.fn());
    (await load()).onHost(HANDLERS.h5Dark, vi.fn());
    emit('h5Dark', { dark: 0 });
    expect(shell).toHaveBeenCalledTimes(1);
  });
});

describe('prototype pollution', () => {
  it('drops __proto__ from a JSON payload and leaves Object.prototype alone', async () => {
    const { onHost } = await load();
    const listener = vi.fn();
    onHost(HANDLERS.h5Dark, listener);
    emit('h5Dark', '{"dark":1,"bgColor":"000000","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    const payload = listener.mock.calls[0]?.[0] as object;
    expect(payload).toEqual({ dark: 1, bgColor: '000000' });
    expect(Object.keys(payload)).toEqual(['dark', 'bgColor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.assign({}, payload, { ...payload })).not.toHaveProperty('polluted');
  });

  it('drops an own __proto__ key from an already-parsed host object too', async () => {
    const { onHost } = await load();
    const listener = vi.fn();
    onHost(HANDLERS.acquirePictureCallback, listener);
    const hostile: unknown = JSON.parse('[{"id":1,"name":"a.png","size":1,"mime":"image/png","__proto__":{"polluted":true}}]');
    call('acquirePictureCallback', hostile);
    const [picture] = listener.mock.calls[0]?.[0] as object[];
    expect(Object.keys(picture ?? {})).not.toContain('__proto__');
    expect(({ ...picture } as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('on the server', () => {
  it('does nothing and returns a no-op unsubscribe when there is no window', async () => {
    const { onHost } = await load();
    vi.stubGlobal('window', undefined);
    try {
      expect(onHost(HANDLERS.onResume, vi.fn())()).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
