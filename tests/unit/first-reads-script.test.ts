/**
 * Why: a signed-in page's first reads are sent by a classic script of their own, preloaded as the page
 * parses and run at the paint (build/first-reads-script.ts). It must run from a plain `<script src>`,
 * send the page's reads sealed with the build's key to the build's API host, hand their answers and
 * its seal to the client (`window.firstReads`), and carry no setting the modules would not.
 */
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstReadsScript } from '../../build/first-reads-script.ts';
import { decryptRequest } from '../../server/api/wire-node';
import type { FirstReadsScript } from '../../src/lib/api/first-reads';

const publicPem = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const privatePem = readFileSync('tests/fixtures/keys/private.pem', 'utf8');
const code = firstReadsScript({
  PUBLIC_RSA_KEY: publicPem,
  PUBLIC_API_HOST: 'https://api.example.test/',
  PUBLIC_FIELD_SAMPLE: '0.125',
  SECRET_TOKEN: 'not-for-pages',
});

/** A signed-in /vi-VN/download as the script sees it, run in it as the browser would run the file. */
function run(session = 'signed-in') {
  const win: Record<string, unknown> & { firstReads?: FirstReadsScript } = {
    document: { documentElement: { dataset: { session }, lang: 'vi-VN' } },
    localStorage: { getItem: (key: string) => (key === 'app_sessionid' ? 'sess-1' : null) },
    location: { pathname: '/vi-VN/download', search: '' },
    crypto: globalThis.crypto,
    NativeBridge: { getAppBaseInfo: () => JSON.stringify({ uid: 10001, dev_region: 'SG' }) },
  };
  // The file as a browser runs it, with a window of its own.
  new Function('window', code)(win);
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first reads’ script', () => {
  it('is one classic script: no import or export, so a plain <script src> runs it', () => {
    expect(() => new Script(code)).not.toThrow();
  });

  it("sends the page's reads, sealed with the build's key, to the build's API host", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ code: 0, data: {} }));
    vi.stubGlobal('fetch', fetch);
    run();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // Each sealed on its own, so either may leave first.
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['https://api.example.test/api/music/downloads', 'https://api.example.test/api/music/quota']);
    const form = fetch.mock.calls.find(([url]) => url.endsWith('/downloads'))![1].body as URLSearchParams;
    expect(decryptRequest({ params: form.get('params'), encSecKey: form.get('encSecKey') }, privatePem)).toMatchObject({
      path: '/api/music/downloads',
      uid: '10001',
      app_sessionid: 'sess-1',
      limit: 20,
    });
  });

  it('hands the client the answers it keeps, once each, and its seal', async () => {
    const fetch = vi.fn(async () => Response.json({ code: 0, data: {} }));
    vi.stubGlobal('fetch', fetch);
    const win = run();
    // Both reads out (each sealed first), so that none lands in the next test's fetch.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const who = { uid: '10001', app_sessionid: 'sess-1' };
    expect(win.firstReads!.takeFirstRead('/api/music/quota', {}, who)).toBeInstanceOf(Promise);
    expect(win.firstReads!.takeFirstRead('/api/music/quota', {}, who)).toBeUndefined();
    const sealed = await win.firstReads!.sealRequest({ path: '/api/vip/status', uid: '10001' });
    expect(decryptRequest(sealed, privatePem)).toMatchObject({ path: '/api/vip/status' });
  });

  it('sends nothing for a user who is not signed in, and is there for the client all the same', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const win = run('signed-out');
    expect(win.firstReads).toBeDefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("makes the page's number and date formatters once its reads have left, in tasks of their own, signed in only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 0, data: {} })),
    );
    const made: string[] = [];
    for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
      const native = Intl[kind] as new (locale?: string | string[], options?: object) => object;
      vi.spyOn(Intl, kind).mockImplementation(function (locale?: string | string[], options?: object) {
        made.push(`${kind} ${String(locale)}`);
        return new native(locale, options);
      } as never);
    }
    run('signed-out');
    run();
    // Not within the script's own task: after it, one formatter a task.
    expect(made).toEqual([]);
    await vi.waitFor(() => expect(made).toEqual(['NumberFormat vi-VN', 'DateTimeFormat vi-VN']));
  });

  it('carries only the PUBLIC_ settings its modules read', () => {
    expect(code).toContain('https://api.example.test/');
    expect(code).not.toContain('not-for-pages');
    expect(code).not.toContain('0.125');
  });
});
