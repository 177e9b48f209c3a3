// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { QUERIES, type QueryMethod } from '../../shared/bridge/contract';

type Bridge = typeof import('./index');
type Globals = Record<string, unknown>;
const globals = window as unknown as Globals;

// The warn-once memory is module state: each test gets its own copy of the module.
async function load(): Promise<Bridge> {
  vi.resetModules();
  return import('./index');
}

const ARGS: Partial<Record<QueryMethod, [unknown]>> = {
  getPayMethod: [{ productId: 'vip_month' }],
  getSonglistInfo: [{ id: 1 }],
  restorePageState: [{ key: 'k-recharge' }],
};
const METHODS = Object.keys(QUERIES) as QueryMethod[];
// Untyped access for table-driven tests over every method.
const ask = (bridge: Bridge, method: QueryMethod): unknown =>
  (bridge.query as (spec: unknown, ...a: unknown[]) => unknown)(QUERIES[method], ...(ARGS[method] ?? []));
const fallbackOf = (method: QueryMethod) => QUERIES[method].fallback;

let warn: ReturnType<typeof vi.spyOn>;
let host: FakeHost | undefined;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
});
afterEach(() => {
  host?.uninstall();
  host = undefined;
  delete globals.NativeBridge;
  vi.restoreAllMocks();
});

describe('isInApp', () => {
  it('is false in a plain browser and true once the host injected NativeBridge', async () => {
    const bridge = await load();
    expect(bridge.isInApp()).toBe(false);
    host = installFakeHost(window);
    expect(bridge.isInApp()).toBe(true);
  });

  it('is false when NativeBridge is not an object', async () => {
    globals.NativeBridge = 'oops';
    expect((await load()).isInApp()).toBe(false);
  });
});

describe.each(METHODS)('query %s', (method) => {
  const fallback = fallbackOf(method);

  it(`falls back to ${JSON.stringify(fallback)} with no host and warns once with the method name`, async () => {
    const bridge = await load();
    expect(ask(bridge, method)).toEqual(fallback);
    expect(ask(bridge, method)).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(method);
  });

  it(`falls back to ${JSON.stringify(fallback)} when an older app lacks the method`, async () => {
    host = installFakeHost(window, { missing: [method] });
    expect(ask(await load(), method)).toEqual(fallback);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(new RegExp(`${method}: missing`));
  });

  it(`falls back to ${JSON.stringify(fallback)} when the host method throws`, async () => {
    host = installFakeHost(window, { throwing: [method] });
    expect(ask(await load(), method)).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it(`falls back to ${JSON.stringify(fallback)} when ${method} returns non-JSON`, async () => {
    host = installFakeHost(window, { overrides: { [method]: '{oops' } });
    expect(ask(await load(), method)).toEqual(fallback);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`${method}: not JSON`);
  });

  // Any JSON is a valid saved page state, so only the other queries can get the wrong shape.
  if (method !== 'restorePageState') {
    it(`falls back to ${JSON.stringify(fallback)} when ${method} returns JSON of the wrong shape`, async () => {
      host = installFakeHost(window, { overrides: { [method]: '42' } });
      expect(ask(await load(), method)).toEqual(fallback);
      expect(String(warn.mock.calls[0]?.[0])).toContain(`${method}: invalid value`);
    });
  }

  it(`gives the fallback without a warning when ${method} returns "" (nothing)`, async () => {
    host = installFakeHost(window, { overrides: { [method]: '' } });
    expect(ask(await load(), method)).toEqual(fallback);
    expect(warn).not.toHaveBeenCalled();
  });

  it('returns a fresh fallback each time, so a page that mutates it cannot change the next one', async () => {
    const bridge = await load();
    const first = ask(bridge, method);
    if (typeof first === 'object' && first) Object.assign(first, { changed: true });
    expect(ask(bridge, method)).toEqual(fallback);
  });
});

describe('query with a valid host answer', () => {
  it('parses every query of the fake host into its typed result', async () => {
    host = installFakeHost(window, { overrides: {} });
    const bridge = await load();
    bridge.command('savePageState', { key: 'k-recharge', state: { tab: 2 } });
    expect(bridge.query(QUERIES.getAppBaseInfo)).toMatchObject({ language: 'en', uid: '10001', dev_manufacturer: 'OPPO' });
    expect(bridge.query(QUERIES.dark)).toEqual({ dark: 0, bgColor: 'ffffff' });
    expect(bridge.query(QUERIES.accountInfo)).toMatchObject({ isLogin: true, vip: { is_vip: 0, valid_time: 0 }, is_member: false });
    expect(bridge.query(QUERIES.isHeytapLogin)).toBe(true);
    expect(bridge.query(QUERIES.getUserAuth)).toEqual({ authorized: true });
    expect(bridge.query(QUERIES.getPayMethod, { productId: 'vip_month' })).toHaveLength(2);
    expect(bridge.query(QUERIES.supportSelectPayType)).toBe(true);
    expect(bridge.query(QUERIES.wxInstalled)).toBe(false);
    expect(bridge.query(QUERIES.getKCoins)).toEqual({ balance: 120 });
    expect(bridge.query(QUERIES.getKReportInfo)).toMatchObject({ commentId: 'c1', songId: 's01' });
    expect(bridge.query(QUERIES.getPersonalInfo)).toMatchObject({ osName: 'ColorOS', deviceBrand: 'OPPO' });
    expect(bridge.query(QUERIES.getSonglistInfo, { id: 1 }).songs?.map((s) => [s.vip, s.paid])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(bridge.query(QUERIES.getPlayerState)).toEqual({ playing: false });
    expect(bridge.query(QUERIES.isSupportSpatialAudio)).toBe(true);
    expect(bridge.query(QUERIES.hasKeyboard)).toBe(false);
    expect(bridge.query(QUERIES.restorePageState, { key: 'k-recharge' })).toEqual({ tab: 2 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads "true"/"false" answers as booleans', async () => {
    host = installFakeHost(window, { overrides: { hasKeyboard: 'true', wxInstalled: 'false' } });
    const bridge = await load();
    expect(bridge.query(QUERIES.hasKeyboard)).toBe(true);
    expect(bridge.query(QUERIES.wxInstalled)).toBe(false);
  });

  it('drops fields the contract does not name', async () => {
    host = installFakeHost(window, { overrides: { getKCoins: '{"balance":5,"debug":"x"}' } });
    expect((await load()).query(QUERIES.getKCoins)).toEqual({ balance: 5 });
  });

  it('rejects a bgColor that is not six hex digits, since it would reach CSS', async () => {
    host = installFakeHost(window, { overrides: { dark: '{"dark":1,"bgColor":"red;x:url(y)"}' } });
    expect((await load()).query(QUERIES.dark)).toEqual({ dark: 0 });
  });

  it('drops __proto__, constructor and prototype keys from a restored page state', async () => {
    const hostile = '{"a":{"__proto__":{"polluted":true}},"constructor":{"prototype":{"polluted":true}},"b":1}';
    host = installFakeHost(window, { overrides: { restorePageState: hostile } });
    const state = (await load()).query(QUERIES.restorePageState, { key: 'k' }) as Record<string, object>;
    expect(state).toEqual({ a: {}, b: 1 });
    expect(Object.keys(state.a ?? {})).toEqual([]);
    expect(Object.hasOwn(state, 'constructor')).toBe(false);
  });

  it('passes the argument as one JSON string and calls a no-argument query with nothing', async () => {
    const getPayMethod = vi.fn((_json?: string) => '[]');
    const accountInfo = vi.fn((_json?: string) => '{"isLogin":true}');
    globals.NativeBridge = { getPayMethod, accountInfo };
    const bridge = await load();
    bridge.query(QUERIES.getPayMethod, { productId: 'vip_month' });
    bridge.query(QUERIES.accountInfo);
    expect(getPayMethod).toHaveBeenCalledWith('{"productId":"vip_month"}');
    expect(accountInfo.mock.calls[0]).toEqual([]);
  });

  it('keeps `this` on NativeBridge, as Android requires of injected methods', async () => {
    const bridge = {
      self: undefined as unknown,
      accountInfo(this: unknown) {
        bridge.self = this;
        return '';
      },
    };
    globals.NativeBridge = bridge;
    (await load()).query(QUERIES.accountInfo);
    expect(bridge.self).toBe(bridge);
  });

  it('falls back without calling the host when the argument breaks its schema', async () => {
    host = installFakeHost(window);
    const bridge = await load();
    expect(bridge.query(QUERIES.getSonglistInfo, { id: null as unknown as number })).toEqual({});
    expect(host.calls).toHaveLength(0);
    expect(String(warn.mock.calls[0]?.[0])).toContain('invalid argument');
  });
});

describe('query on the server', () => {
  it('returns the fallback quietly while Astro renders without a window', async () => {
    const bridge = await load();
    vi.stubGlobal('window', undefined);
    try {
      expect(bridge.query(QUERIES.accountInfo)).toEqual({ isLogin: false });
      expect(bridge.isInApp()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('command', () => {
  it('reports ok when the host has the method, and passes one JSON string', async () => {
    host = installFakeHost(window);
    expect((await load()).command('jump', { target: 'vip-center' })).toEqual({ ok: true });
    expect(host.calls.at(-1)).toMatchObject({ kind: 'command', method: 'jump', arg: { target: 'vip-center' } });
  });

  it('reports unavailable with no host', async () => {
    expect((await load()).command('finishPage')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('reports unavailable when an older app lacks the method', async () => {
    host = installFakeHost(window, { missing: ['launchPlay'] });
    const result = (await load()).command('launchPlay', { resourceId: 1, type: 1, referrer: 'test' });
    expect(result).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('reports unavailable instead of throwing when the host method throws', async () => {
    host = installFakeHost(window, { throwing: ['exit'] });
    expect((await load()).command('exit')).toEqual({ ok: false, reason: 'unavailable' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('calls a command whose argument is optional with nothing when it is left out', async () => {
    host = installFakeHost(window);
    (await load()).command('goEditSonglist');
    expect(host.calls.at(-1)).toMatchObject({ method: 'goEditSonglist', arg: undefined });
  });
});

describe('types', () => {
  it('infers results and demands exactly the arguments the contract names', async () => {
    const { query, command } = await load();
    expectTypeOf(query(QUERIES.accountInfo).isLogin).toEqualTypeOf<boolean>();
    expectTypeOf(query(QUERIES.hasKeyboard)).toEqualTypeOf<boolean>();
    expectTypeOf(query(QUERIES.getPayMethod, { productId: 1 })).items.toHaveProperty('name');
    // @ts-expect-error getPayMethod needs {productId}
    expect(() => query(QUERIES.getPayMethod)).not.toThrow();
    // @ts-expect-error accountInfo takes no argument
    query(QUERIES.accountInfo, {});
    // @ts-expect-error acquirePicture allows at most five pictures (spec §5)
    command('acquirePicture', { max: 6 });
    // @ts-expect-error not a method of the contract
    command('deleteEverything');
  });
});
