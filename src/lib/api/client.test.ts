import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, messageKey, request, setReauth, setIdentity, type ApiErrorCode } from './index';
import { decryptRequest } from '../../../server/api/wire-node';
import { useApiEnv } from '../../../tests/fixtures/api-env';
import { health, session } from '../../shared/api/endpoints/platform';
import { coinBalance } from '../../shared/api/endpoints/coins';
import { forgetFirstReads, sealRequest, takeFirstRead } from './seal';
import { resetFirstReads, type FirstReadPage } from './first-reads';

const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');

/** A fetch that answers `body` with `status` (JSON unless a string is given). */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hang() {
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function codeOf(promise: Promise<unknown>): Promise<ApiErrorCode | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).code;
  }
}

beforeAll(async () => {
  await import('./seal'); // warm the lazy chunk so timing tests measure the request, not the transform
});
useApiEnv();
afterEach(() => {
  setIdentity(() => null);
  setReauth(undefined);
});

describe('request', () => {
  it('posts the sealed body as a form and resolves with the typed data', async () => {
    const fetch = answer(200, { code: 0, data: { uid: 'u1', loginAt: 1700000000000 } });
    setIdentity(() => ({ uid: 'u1', app_sessionid: 'sess-1' }));
    const before = Date.now();

    const data = await request(session, {});

    expectTypeOf(data).toEqualTypeOf<{ uid: string; loginAt: number }>();
    expect(data).toEqual({ uid: 'u1', loginAt: 1700000000000 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example.test/api/session');
    expect(init.method).toBe('POST');
    expect(new Request(url, init).headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(String(init.body));
    expect([...form.keys()]).toEqual(['params', 'encSecKey']);
    const body = decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem);
    // Wire format 2: the body names its endpoint, so the server answers it at that path only.
    expect(body).toMatchObject({ v: 2, path: '/api/session', uid: 'u1', app_sessionid: 'sess-1' });
    expect(body.ts).toBeGreaterThanOrEqual(before);
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('sends an empty identity without a session and uses the same origin without PUBLIC_API_HOST', async () => {
    vi.stubEnv('PUBLIC_API_HOST', undefined);
    setIdentity(() => null);
    const fetch = answer(200, { code: 0, data: { uid: '', loginAt: 0 } });
    await request(session, {});
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/session');
    const form = new URLSearchParams(String(init.body));
    const body = decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem);
    expect(body).toMatchObject({ uid: '', app_sessionid: '' });
  });

  // A public endpoint answers everyone alike, so a seal protects nothing there and costs
  // the server an RSA step: its body goes as one JSON field, with no identity.
  it('sends a public endpoint unsealed: one JSON request field, no session', async () => {
    setIdentity(() => ({ uid: 'u1', app_sessionid: 'sess-1' }));
    const fetch = answer(200, { code: 0, data: { ok: true } });
    expect(await request(health, {})).toEqual({ ok: true });
    const form = new URLSearchParams(String(fetch.mock.calls[0]![1].body));
    expect([...form.keys()]).toEqual(['request']);
    expect(JSON.parse(form.get('request')!)).toEqual({});
    expect(String(fetch.mock.calls[0]![1].body)).not.toContain('sess-1');
  });

  it('only accepts endpoint values and their bodies', () => {
    answer(200, { code: 0, data: { ok: true } });
    // @ts-expect-error: not an endpoint
    void request('/api/health', {}).catch(() => {});
    // @ts-expect-error: the body must be an object
    void request(health, 'x').catch(() => {});
  });

  it('says generic when the data does not match the contract', async () => {
    answer(200, { code: 0, data: { uid: 42 } });
    expect(await codeOf(request(session, {}))).toBe('generic');
  });

  it('says loginExpired on HTTP 401, whatever the body', async () => {
    answer(401, '<html>Unauthorized</html>');
    const err = await request(session, {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'loginExpired', status: 401 });
    expect(messageKey(err)).toBe('error.loginExpired');
  });

  it.each([
    ['loginExpired', 200, 'loginExpired'],
    ['notLoggedIn', 200, 'notLoggedIn'],
    ['downloadLimit', 403, 'downloadLimit'],
    ['E_INTERNAL', 500, 'generic'],
    [500, 500, 'generic'],
    ['toString', 200, 'generic'],
  ] as const)('turns the server code %j (HTTP %i) into %s', async (code, status, expected) => {
    answer(status, { code, message: 'from the server' });
    expect(await codeOf(request(session, {}))).toBe(expected);
  });

  it('says generic for a body that is not JSON or not an envelope', async () => {
    answer(502, 'Bad gateway');
    expect(await request(health, {}).catch((e: unknown) => e)).toMatchObject({ code: 'generic', status: 502 });
    answer(200, { ok: true });
    expect(await codeOf(request(health, {}))).toBe('generic');
  });

  it('says noInternet at once when the device is offline, without fetching', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = answer(200, { code: 0, data: { ok: true } });
    expect(await codeOf(request(health, {}))).toBe('noInternet');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says noInternet when fetch fails because the connection dropped, generic when online', async () => {
    const online = { onLine: true };
    vi.stubGlobal('navigator', online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        online.onLine = false;
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await codeOf(request(health, {}))).toBe('noInternet');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    online.onLine = true;
    expect(await codeOf(request(health, {}))).toBe('generic');
  });

  it('says timeout when the server does not answer in time', async () => {
    hang();
    expect(await codeOf(request(health, {}, { timeoutMs: 20 }))).toBe('timeout');
  });

  it('waits 600000 ms (spec §7) before giving up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = hang();
    const outcome = codeOf(request(health, {}));
    // Web Crypto seals off the main thread: let it finish (the fake clock stands still meanwhile).
    while (!fetch.mock.calls.length) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(599_999);
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
  });

  it('says cancelled when the caller aborts', async () => {
    hang();
    const controller = new AbortController();
    const outcome = codeOf(request(health, {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    expect(await outcome).toBe('cancelled');
    expect(await codeOf(request(health, {}, { signal: AbortSignal.abort() }))).toBe('cancelled');
  });

  it('without AbortController (Chromium < 66) the time and the caller still end the request', async () => {
    const controller = new AbortController();
    vi.stubGlobal('AbortController', undefined);
    // That engine's fetch has no signal: it never settles, whatever the request asks.
    const fetch = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    expect(await codeOf(request(health, {}, { timeoutMs: 20 }))).toBe('timeout');
    expect(fetch.mock.calls[0]![1].signal).toBeUndefined();
    const outcome = codeOf(request(health, {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    expect(await outcome).toBe('cancelled');
  });

  it('says generic rather than sealing for nobody when PUBLIC_RSA_KEY is missing', async () => {
    vi.stubEnv('PUBLIC_RSA_KEY', undefined);
    const fetch = answer(200, { code: 0, data: { uid: 'u1', loginAt: 1 } });
    expect(await codeOf(request(session, {}))).toBe('generic');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a first read sent at the paint (./first-reads.ts)', () => {
  const who = { uid: 'u1', app_sessionid: 'sess-1' };
  const balance = { balance: 1234, pending: 0 };

  /**
   * A signed-in /k-recharge as the island directive leaves it: the first reads' script added to the
   * page (`script`: still loading; null: run, or failed, and removed), and `window.firstReads` once it has run.
   */
  function page(script: EventTarget | null, ran: boolean) {
    let present = script;
    // As the directive does: the element goes once the script has loaded or failed.
    for (const type of ['load', 'error']) script?.addEventListener(type, () => (present = null));
    vi.stubGlobal('document', {
      documentElement: { dataset: { session: 'signed-in', reads: 'first-reads.k1' }, lang: 'en-US' },
      getElementById: (id: string) => (id === 'first-reads' ? present : null),
    });
    vi.stubGlobal('window', ran ? { firstReads: { takeFirstRead, sealRequest: vi.fn(sealRequest) } } : {});
    setIdentity(() => who);
  }

  /** The script's run: its first reads (the packages, the balance) on their way. */
  async function run() {
    const { startFirstReads } = await import('./first-reads');
    startFirstReads({
      document,
      localStorage: { getItem: () => who.app_sessionid },
      location: { pathname: '/k-recharge', search: '' },
      crypto: globalThis.crypto,
      NativeBridge: { getAppBaseInfo: () => JSON.stringify({ uid: who.uid, dev_region: 'SG' }) },
    } as unknown as FirstReadPage);
    // Both on their way (the balance once sealed), so none goes out during a later test.
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
  }

  /** Every callback and promise the request has queued has run (a macrotask after them). */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  /** The script has run: the state every model of the first screen meets on a page that loaded as it should. */
  async function painted() {
    page(null, true);
    await run();
  }
  afterEach(() => {
    resetFirstReads();
    forgetFirstReads();
  });

  it('waits for the script that is still loading, then takes its answer', async () => {
    const fetch = answer(200, { code: 0, data: balance });
    const script = new EventTarget();
    page(script, false);
    const asked = request(coinBalance, {});
    // Nothing leaves while the script that sends the read is on its way.
    await settled();
    expect(fetch).not.toHaveBeenCalled();
    vi.stubGlobal('window', { firstReads: { takeFirstRead, sealRequest } });
    await run();
    script.dispatchEvent(new Event('load'));
    expect(await asked).toEqual(balance);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends the read itself, sealed by its own chunk, when the script could not load', async () => {
    const fetch = answer(200, { code: 0, data: balance });
    const script = new EventTarget();
    page(script, false);
    const asked = request(coinBalance, {});
    await settled();
    script.dispatchEvent(new Event('error'));
    expect(await asked).toEqual(balance);
    expect(fetch).toHaveBeenCalledOnce();
    const form = fetch.mock.calls[0]![1].body as URLSearchParams;
    expect(decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem)).toMatchObject({
      path: '/api/coins/balance',
      uid: 'u1',
    });
    // Failed and removed before the next model asks: nothing to wait for.
    expect(await request(coinBalance, {})).toEqual(balance);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("seals the page's later requests with the script's seal", async () => {
    const fetch = answer(200, { code: 0, data: balance });
    await painted();
    await request(coinBalance, {});
    // Taken: this one is sealed afresh, by the script's seal (one seal, one chunk fewer, a page).
    await request(coinBalance, {});
    expect(window.firstReads!.sealRequest).toHaveBeenCalledOnce();
    const form = fetch.mock.calls[2]![1].body as URLSearchParams;
    expect(decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem)).toMatchObject({
      path: '/api/coins/balance',
      uid: 'u1',
    });
  });

  it('takes the answer of the read sent for the same request, once, instead of sending it again', async () => {
    const fetch = answer(200, { code: 0, data: balance });
    await painted();
    expect(await request(coinBalance, {})).toEqual(balance);
    // The seal's two reads went; the client sent nothing of its own.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://api.example.test/api/coins/packages', 'https://api.example.test/api/coins/balance']);
    // Taken once: asked again (after a payment, say), the balance is read afresh.
    await request(coinBalance, {});
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('never hands a read to a request of another user or session', async () => {
    const fetch = answer(200, { code: 0, data: balance });
    await painted();
    setIdentity(() => ({ ...who, app_sessionid: 'sess-2' }));
    await request(coinBalance, {});
    expect(fetch).toHaveBeenCalledTimes(3);
    const form = fetch.mock.calls[2]![1].body as URLSearchParams;
    expect(decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem)).toMatchObject({ app_sessionid: 'sess-2' });
  });

  it('sends the request again when the first read failed on the way', async () => {
    const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failing);
    await painted();
    const fetch = answer(200, { code: 0, data: balance });
    expect(await request(coinBalance, {})).toEqual(balance);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("gives the server's refusal of the first read to the caller, as its own", async () => {
    const fetch = answer(404, { code: 'noContent', message: 'gone' });
    await painted();
    expect(await codeOf(request(coinBalance, {}))).toBe('noContent');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('still times out on a first read that never answers', async () => {
    hang();
    await painted();
    vi.useFakeTimers();
    const code = codeOf(request(coinBalance, {}, { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await code).toBe('timeout');
  });
});

describe('messageKey', () => {
  it('gives the catalogue key of an error code, generic for anything else', () => {
    expect(messageKey(new ApiError('noInternet'))).toBe('error.noInternet');
    expect(messageKey(new ApiError('timeout'))).toBe('error.timeout');
    expect(messageKey(new ApiError('cancelled'))).toBe('error.generic');
    expect(messageKey(new Error('boom'))).toBe('error.generic');
    expect(messageKey('noInternet')).toBe('error.generic');
    expect(messageKey(null)).toBe('error.generic');
  });

  it('offline, an error from outside the client (a chunk that could not load) says no internet', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(messageKey(new TypeError('Failed to fetch dynamically imported module'))).toBe('error.noInternet');
    expect(messageKey(new ApiError('loginExpired'))).toBe('error.loginExpired');
    vi.unstubAllGlobals();
  });
});

describe('a refused session', () => {
  /** Answers each call with the next of `replies`, and records which session each request carried. */
  function replies(...bodies: Array<[number, unknown]>) {
    const sessions: unknown[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      sessions.push(decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem).app_sessionid);
      const [status, body] = bodies.shift()!;
      return new Response(JSON.stringify(body), { status });
    });
    vi.stubGlobal('fetch', fetch);
    return sessions;
  }
  const EXPIRED: [number, unknown] = [401, { code: 'loginExpired', message: 'expired' }];
  const OK: [number, unknown] = [200, { code: 0, data: { uid: 'u1', loginAt: 1 } }];

  it('asks to sign in, then sends the request again with the new session', async () => {
    let id = 'old-session';
    setIdentity(() => ({ uid: 'u1', app_sessionid: id }));
    const sent = replies(EXPIRED, OK);
    const ask = vi.fn(async () => ((id = 'new-session'), true));
    setReauth(ask);
    expect(await request(session, {})).toEqual({ uid: 'u1', loginAt: 1 });
    expect(ask).toHaveBeenCalledWith('loginExpired');
    expect(sent).toEqual(['old-session', 'new-session']);
  });

  it('rejects with the refusal when the user declines, sending nothing more', async () => {
    setIdentity(() => ({ uid: 'u1', app_sessionid: 's' }));
    const sent = replies([403, { code: 'notLoggedIn' }]);
    const ask = vi.fn(async () => false);
    setReauth(ask);
    expect(await codeOf(request(session, {}))).toBe('notLoggedIn');
    expect(ask).toHaveBeenCalledWith('notLoggedIn');
    expect(sent).toHaveLength(1);
  });

  it('retries once only: refused again after signing in, the caller gets the error', async () => {
    setIdentity(() => ({ uid: 'u1', app_sessionid: 's' }));
    const sent = replies(EXPIRED, EXPIRED, OK);
    const ask = vi.fn(async () => true);
    setReauth(ask);
    expect(await codeOf(request(session, {}))).toBe('loginExpired');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
  });

  it('does not ask for other failures', async () => {
    replies([422, { code: 'badRequest' }]);
    const ask = vi.fn(async () => true);
    setReauth(ask);
    expect(await codeOf(request(session, {}))).toBe('generic');
    expect(ask).not.toHaveBeenCalled();
  });
});
