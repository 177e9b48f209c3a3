/**
 * Why: the first reads' chunk (./first-reads.ts) sends a signed-in page's first reads before any model asks:
 * each must be the request the model would send, for the user the page is signed in as, and its answer
 * must reach that model once, never another user's request and never long after.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decryptRequest } from '../../../server/api/wire-node';
import { useApiEnv } from '../../../tests/fixtures/api-env';
import { KEEP_MS, forgetFirstReads } from './seal';
import { resetFirstReads, startFirstReads, takeFirstRead, type FirstReadPage } from './first-reads';

const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const who = { uid: '10001', app_sessionid: 'sess-1' };

/** A page as the seal's chunk sees it: the shell's flags, the host, storage and the address. */
function page({
  session = 'signed-in',
  path = '/vi-VN/download',
  search = '',
  base = { uid: 10001, dev_region: 'SG' } as object,
  subtle = true,
} = {}): FirstReadPage {
  return {
    document: { documentElement: { dataset: { session }, lang: 'vi-VN' } },
    localStorage: { getItem: (key: string) => (key === 'app_sessionid' ? who.app_sessionid : null) },
    location: { pathname: path, search },
    crypto: subtle ? globalThis.crypto : { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) },
    NativeBridge: { getAppBaseInfo: () => JSON.stringify(base) },
  } as unknown as FirstReadPage;
}

function server() {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ code: 0, data: {} }));
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    fetch.mock.calls.map(([url, init]) => {
      const form = init.body as URLSearchParams;
      const opened = form.has('request')
        ? JSON.parse(form.get('request')!)
        : decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem);
      return { url, credentials: init.credentials, body: opened as Record<string, unknown> };
    });
  return { fetch, sent };
}

useApiEnv();
afterEach(() => {
  resetFirstReads();
  forgetFirstReads();
});

describe('the first reads', () => {
  it("sends a signed-in page's reads sealed for its user, without credentials, and hands each answer once to that same request", async () => {
    const { fetch, sent } = server();
    const win = page();
    startFirstReads(win);
    const quota = takeFirstRead('/api/music/quota', {}, who);
    expect(quota).toBeInstanceOf(Promise);
    await quota;
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // Each sealed on its own: they may leave in either order.
    const [first, second] = sent().sort((a, b) => (a.url < b.url ? 1 : -1));
    expect(first).toMatchObject({ url: 'https://api.example.test/api/music/quota', credentials: 'omit', body: { path: '/api/music/quota', v: 2, ...who } });
    expect(second!.body).toMatchObject({ path: '/api/music/downloads', cursor: null, limit: 20, ...who });
    expect(second!.body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.body.nonce).not.toBe(first!.body.nonce);
    // Once, and only for the same user, session and body.
    expect(takeFirstRead('/api/music/quota', {}, who)).toBeUndefined();
    expect(takeFirstRead('/api/music/downloads', { limit: 20, cursor: null }, { ...who, uid: '10002' })).toBeUndefined();
    expect(takeFirstRead('/api/music/downloads', { limit: 20, cursor: 'c1' }, who)).toBeUndefined();
    expect(takeFirstRead('/api/music/downloads', { limit: 20, cursor: null }, who)).toBeInstanceOf(Promise);
  });

  it('sends a public read unsealed, for anyone who asks, with the host region', async () => {
    const { fetch, sent } = server();
    const win = page({ path: '/k-recharge' });
    startFirstReads(win);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(sent()[0]).toEqual({ url: 'https://api.example.test/api/coins/packages', credentials: 'omit', body: { region: 'SG' } });
    expect(takeFirstRead('/api/coins/packages', { region: 'SG' }, null)).toBeInstanceOf(Promise);
  });

  it('sends a read that names the id only with an id the page would use', async () => {
    const { fetch, sent } = server();
    startFirstReads(page({ path: '/my-detail', search: '?data1=1&id=fb-7' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sent()[0]!.body).toMatchObject({ path: '/api/feedback/detail', id: 'fb-7', locale: 'vi-VN' });
    // The reads are put up as they are sent, at once: none for an id the page would not use.
    resetFirstReads();
    startFirstReads(page({ path: '/my-detail', search: '?id=%3Cb%3E' }));
    expect(takeFirstRead('/api/feedback/detail', { id: '<b>', locale: 'vi-VN' }, who)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends nothing signed out or without Web Crypto, and a page its reads once', async () => {
    const { fetch } = server();
    // A read is put up as it is sent, at once: none is, for any of these.
    for (const win of [page({ session: 'signed-out' }), page({ session: 'no-app' }), page({ subtle: false })]) {
      startFirstReads(win);
      expect(takeFirstRead('/api/music/quota', {}, who)).toBeUndefined();
    }
    startFirstReads(page());
    startFirstReads(page());
    expect(takeFirstRead('/api/music/quota', {}, who)).toBeInstanceOf(Promise);
    expect(takeFirstRead('/api/music/quota', {}, who)).toBeUndefined();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('drops an answer nobody took in time: a model that asks later reads afresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { fetch } = server();
    startFirstReads(page({ path: '/k-transactions' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    vi.advanceTimersByTime(KEEP_MS);
    expect(takeFirstRead('/api/coins/transactions', { cursor: null, limit: 20 }, who)).toBeUndefined();
  });

  it('keeps an answer for a model that asks in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { fetch } = server();
    startFirstReads(page({ path: '/k-transactions' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    vi.advanceTimersByTime(KEEP_MS / 2);
    expect(takeFirstRead('/api/coins/transactions', { cursor: null, limit: 20 }, who)).toBeInstanceOf(Promise);
  });

  it('keeps a read that failed on the way from being an unhandled rejection, and hands the failure over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const win = page({ path: '/k-transactions' });
    startFirstReads(win);
    await expect(takeFirstRead('/api/coins/transactions', { cursor: null, limit: 20 }, who)).rejects.toThrow('Failed to fetch');
  });
});
