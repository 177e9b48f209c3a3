import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createApp } from './app';
import { openDb } from './db';
import { precompress, precompressPages } from '../build/precompress.ts';
import { HOST_SCRIPT_TAG } from './simulator';
import { cacheControl, resolveFile } from './static';

let root: string;
// The app with its API around the static files under test; the database is a throwaway one.
const app = () => createApp({ root, db: openDb(':memory:'), privateKey: '', dataDir: root, log: false });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dist-'));
  for (const file of [
    'index.html',
    'license.html',
    'vip-center.html',
    'th-TH/license.html',
    'th-TH.html',
    'zh-TW/vip-center.html',
    'PrivacyPolicy/ChildrenPolicy.html',
    '_astro/app.abc123.js',
  ]) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), file);
  }
});

const resolve = async (path: string, search = '') => (await resolveFile(root, path, search))?.slice(root.length + 1) ?? null;

describe('resolveFile: $uri, $uri.html, $uri/index.html', () => {
  it.each([
    ['/license.html', 'license.html'],
    ['/vip-center', 'vip-center.html'],
    ['/PrivacyPolicy/ChildrenPolicy', 'PrivacyPolicy/ChildrenPolicy.html'],
    ['/', 'index.html'],
    ['/th-TH/license.html', 'th-TH/license.html'],
    ['/th-TH', 'th-TH.html'],
    ['/missing', null],
  ])('%s serves %s', async (path, file) => {
    expect(await resolve(path)).toBe(file);
  });

  it('rewrites an unprefixed URL with a supported language to that locale', async () => {
    expect(await resolve('/license.html', '?language=th')).toBe('th-TH/license.html');
    expect(await resolve('/vip-center', '?language=zh_Hant_TW')).toBe('zh-TW/vip-center.html');
    expect(await resolve('/', '?language=th-TH')).toBe('th-TH.html');
  });

  it('does not rewrite for en-US, unsupported values or prefixed URLs', async () => {
    expect(await resolve('/license.html', '?language=en')).toBe('license.html');
    expect(await resolve('/license.html', '?language=//evil.example')).toBe('license.html');
    expect(await resolve('/th-TH/license.html', '?language=zh-TW')).toBe('th-TH/license.html');
  });

  it('never leaves the root', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/a/../../etc/passwd', '/%00', '/%E0%A4%A']) {
      expect(await resolve(path)).toBeNull();
    }
  });
});

describe('the app', () => {
  it('serves pages with no-cache and hashed assets for a year', async () => {
    const site = app();
    const page = await site.fetch(new Request('http://x/vip-center'));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-type')).toContain('text/html');
    const asset = await site.fetch(new Request('http://x/_astro/app.abc123.js'));
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/_astro/x.js')).toContain('immutable');
  });

  it("asks for the first reads' script in the headers of a page with first reads opened with a session, and only there", async () => {
    const page = join(root, 'k-recharge.html');
    writeFileSync(page, '<!doctype html><html lang="en-US" data-reads="first-reads.r1Ab-9"><body></body></html>');
    onTestFinished(() => rmSync(page));
    const site = app();
    const link = async (path: string) => (await site.fetch(new Request(`http://x${path}`))).headers.get('link');
    expect(await link('/k-recharge?app_sessionid=s.1:a-b')).toBe('</_astro/first-reads.r1Ab-9.js>; rel=preload; as=script');
    // Signed out or between our pages (no session in the query), or a session no host writes: the page's
    // inline script decides. A page without first reads, an asset: nothing.
    expect(await link('/k-recharge')).toBeNull();
    expect(await link('/k-recharge?app_sessionid=')).toBeNull();
    expect(await link('/k-recharge?app_sessionid=%3Cb%3E')).toBeNull();
    expect(await link('/vip-center?app_sessionid=s1')).toBeNull();
    expect(await link('/_astro/app.abc123.js?app_sessionid=s1')).toBeNull();
  });

  it('compresses when the client accepts gzip', async () => {
    writeFileSync(join(root, 'big.html'), 'x'.repeat(5000));
    const response = await app().fetch(new Request('http://x/big', { headers: { 'accept-encoding': 'gzip' } }));
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it("serves the build's brotli or gzip copy of an asset, by what the client accepts", async () => {
    const code = `export const a = ${JSON.stringify('y'.repeat(3000))};`;
    writeFileSync(join(root, '_astro/big.def456.js'), code);
    expect(precompress(join(root, '_astro'))).toBe(2);
    const get = (accept: string) => app().fetch(new Request('http://x/_astro/big.def456.js', { headers: { 'accept-encoding': accept } }));
    const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      const response = await get(accept);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toContain('text/javascript');
      expect(decode[encoding](Buffer.from(await response.arrayBuffer())).toString()).toBe(code);
    }
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(code);
  });

  it("serves the build's brotli or gzip copy of a page, and the styled 404 page's too", async () => {
    const page = `<!doctype html><html lang="vi-VN"><head><title>Trang</title></head><body>${'<p>Gói VIP</p>'.repeat(400)}</body></html>`;
    mkdirSync(join(root, 'vi-VN'), { recursive: true });
    writeFileSync(join(root, 'vi-VN/k-recharge.html'), page);
    writeFileSync(join(root, 'vi-VN/404.html'), page.replace('Trang', 'Không có'));
    // Every page under the root, the assets' folder aside.
    expect(await precompressPages(root)).toBe(10);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await app().fetch(new Request('http://x/vi-VN/k-recharge?status_height=24', { headers: { 'accept-encoding': accept } }));
      expect([response.status, response.headers.get('content-encoding'), response.headers.get('content-type')]).toEqual([
        200,
        encoding,
        'text/html; charset=utf-8',
      ]);
      // The simulator frames pages in development: a cache keeps its framed copy apart.
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding.*Sec-Fetch-Dest/);
      expect(decode[encoding](Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
      const missing = await app().fetch(new Request('http://x/vi-VN/no-such-page', { headers: { 'accept-encoding': accept } }));
      expect([missing.status, missing.headers.get('content-encoding')]).toEqual([404, encoding]);
      expect(decode[encoding](Buffer.from(await missing.arrayBuffer())).toString()).toContain('Không có');
    }
  });

  it("gives the simulator's frame the page itself, with the host put in, then compressed", async () => {
    writeFileSync(join(root, 'framed.html'), '<html><head><title>p</title></head><body>x</body></html>');
    await precompressPages(root);
    const response = await app().fetch(new Request('http://x/framed', { headers: { 'sec-fetch-dest': 'iframe', 'accept-encoding': 'gzip, br' } }));
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain(`<head>${HOST_SCRIPT_TAG}<title>`);
  });

  it('in release, a request that says it is a frame gets the compressed copy as it is: no host put in, no framing allowed', async () => {
    writeFileSync(join(root, 'framed.html'), '<html><head><title>p</title></head><body>x</body></html>');
    await precompressPages(root);
    const release = createApp({ root, db: openDb(':memory:'), privateKey: '', dataDir: root, log: false, mode: 'release' });
    const response = await release.fetch(new Request('http://x/framed', { headers: { 'sec-fetch-dest': 'iframe', 'accept-encoding': 'br' } }));
    expect([response.headers.get('content-encoding'), response.headers.get('x-frame-options'), response.headers.get('vary')]).toEqual([
      'br',
      'DENY',
      'Accept-Encoding',
    ]);
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).not.toContain(HOST_SCRIPT_TAG);
  });

  it('answers 404 for a missing page and 200 on /api/health', async () => {
    const site = app();
    expect((await site.fetch(new Request('http://x/nope'))).status).toBe(404);
    expect(await (await site.fetch(new Request('http://x/api/health'))).json()).toEqual({ ok: true });
  });
});
