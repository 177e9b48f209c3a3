/**
 * The CDN configuration is a file, deploy/nginx/h5.conf, and it is proven here by
 * serving the built dist/ through Debian's nginx (with libnginx-mod-http-brotli-static; .ci/run
 * installs both). The reference server's static files (server/static.ts, server/app.ts) are the
 * oracle: for every route in every locale, and for the `language` query in any spelling, nginx must
 * serve the very file the reference server serves, with the same status; then the cache headers,
 * the build's brotli and gzip copies, and the security headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstReadsLink, resolveFile } from '../../server/static';
import { DEFAULT_LOCALE, LOCALES, isLocale, normalizeLocale } from '../../src/shared/locale';
import { ROUTES } from '../../src/shared/routes';

const CONF = readFileSync('deploy/nginx/h5.conf', 'utf8');
const DIST = resolve('dist');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let base = '';
let nginx: ChildProcess | undefined;
let dir = '';

/** A GET through nginx with exactly these headers (fetch would add its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    request(`${base}${path}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

/** What the reference server answers for a URL: the file it serves, or its styled 404 page, and the status. */
async function reference(path: string): Promise<{ status: number; body: Buffer }> {
  const url = new URL(path, 'http://h5.test');
  const file = await resolveFile(DIST, url.pathname, url.search);
  if (file) return { status: 200, body: readFileSync(file) };
  const first = url.pathname.split('/')[1] ?? '';
  const notFound = await resolveFile(DIST, isLocale(first) ? `/${first}/404` : '/404', url.search);
  return { status: 404, body: readFileSync(notFound!) };
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

beforeAll(async () => {
  if (!existsSync(NGINX) || !existsSync(BROTLI_MODULE)) {
    throw new Error(`No nginx at ${NGINX} or no brotli_static module: apt-get install nginx-light libnginx-mod-http-brotli-static (.ci/run does)`);
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('No dist/: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'h5-nginx-'));
  const port = await freePort();
  // The four lines the file marks for the host, and nothing else.
  const site = CONF.replace(/^\s*listen 80;.*$/m, `  listen 127.0.0.1:${port};`)
    .replace(/^\s*root \/srv\/h5\/dist;.*$/m, `  root ${DIST};`)
    .replace(/^include \/srv\/h5\/dist\/(first-reads\.nginx\.conf);.*$/m, `include ${join(DIST, '$1')};`)
    .replace(/^(\s*access_log) \/var\/log\/nginx\/h5\.access\.log (h5;).*$/m, `$1 ${join(dir, 'access.log')} $2`);
  expect(site).not.toBe(CONF);
  writeFileSync(join(dir, 'h5.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/h5.conf;
}
`,
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx stopped: ${stderr}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    if ((await get('/license.html').catch(() => null))?.status === 200) break;
    if (i > 100) throw new Error('nginx did not answer in 5 s');
    await new Promise((done) => setTimeout(done, 50));
  }
});

afterAll(() => {
  agent.destroy();
  nginx?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('deploy/nginx/h5.conf, served by nginx', () => {
  const pages = ROUTES.map((r) => `/${r.path}`);

  it('names exactly the nine locales of src/shared/locale.ts, in its prefixes and its language map', () => {
    const prefixLists = [...CONF.matchAll(/\(\?(?:<page_locale>|:)((?:[a-z]{2,3}-[A-Z]{2}\|?)+)\)/g)].map((m) => m[1]!.split('|').sort());
    expect(prefixLists).toHaveLength(2);
    for (const list of prefixLists) expect(list).toEqual([...LOCALES].sort());
    const mapped = new Set([...CONF.matchAll(/^\s*"~[^"]*"\s+([a-z]{2,3}-[A-Z]{2});/gm)].map((m) => m[1]));
    expect([...mapped].sort()).toEqual(LOCALES.filter((l) => l !== DEFAULT_LOCALE).sort());
  });

  it(`serves every route in every locale as the reference server does (${ROUTES.length} routes × ${LOCALES.length + 1})`, async () => {
    const paths = pages.flatMap((page) => [page, ...LOCALES.map((locale) => `/${locale}${page === '/' ? '' : page}`)]);
    for (const path of paths) {
      const [served, expected] = await Promise.all([get(path), reference(path)]);
      expect(served.status, path).toBe(expected.status);
      expect(served.body.equals(expected.body), `${path}: another file than the reference server's`).toBe(true);
    }
  });

  it('reads the language query as the app sends it, to the same file as the reference server', async () => {
    const spellings = [
      ...LOCALES.flatMap((l) => [l, l.replace('-', '_'), l.toLowerCase(), l.toUpperCase(), l.split('-')[0]!]),
      'th_TH',
      'zh_Hant_TW',
      'zh-Hant-HK',
      'zh_Hant_MO',
      'zh-Hans-HK',
      'zh-Hans-CN',
      'zh_SG',
      'zh',
      'in_ID',
      'in',
      'tl_PH',
      'tl',
      'fil',
      'ms_SG',
      'th_TH_#u-nu-thai',
      'en_GB',
      'ja_JP',
      'ko',
      'zhx',
      'thai',
      'idn',
      'constructor',
      '__proto__',
      '',
      `th_${'X'.repeat(32)}`,
      `th_${'X'.repeat(33)}`,
    ];
    for (const language of spellings) {
      for (const page of ['/', '/license.html', '/vip-center', '/no-such-page']) {
        const path = `${page}?language=${encodeURIComponent(language)}`;
        const [served, expected] = await Promise.all([get(path), reference(path)]);
        expect(served.status, path).toBe(expected.status);
        expect(served.body.equals(expected.body), `${path}: nginx ${normalizeLocale(language) ?? 'none'} differs`).toBe(true);
      }
    }
  });

  it('agrees with normalizeLocale on generated language tags', async () => {
    const lower = fc.stringMatching(/^(?:zh|th|in|id|tl|fil|ms|vi|en|x)(?:[-_](?:hant|hans|hk|mo|tw|cn|th|id|my|ph|vn|us|[a-z0-9]{1,8})){0,4}$/);
    // Any mix of cases: Android writes `zh_CN`, `zh-Hant-TW`, `TH`.
    const tag = fc
      .tuple(lower, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
      .map(([text, upper]) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    await fc.assert(
      fc.asyncProperty(tag, async (language) => {
        const path = `/license.html?language=${language}`;
        const [served, expected] = await Promise.all([get(path), reference(path)]);
        expect(served.body.equals(expected.body), path).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('answers an unknown address with the styled page of its locale and status 404', async () => {
    for (const locale of LOCALES) {
      const served = await get(`/${locale}/no-such-page`);
      expect(served.status).toBe(404);
      expect(served.body.toString()).toContain(`lang="${locale}"`);
      expect(served.headers['cache-control']).toBe('no-cache');
      expect(served.headers['x-frame-options']).toBe('DENY');
    }
    const plain = await get('/no-such-page');
    expect(plain.status).toBe(404);
    expect(plain.body.equals(readFileSync(join(DIST, '404.html')))).toBe(true);
  });

  it('caches hashed assets for a year and revalidates pages', async () => {
    const asset = readdirAstro('.js')[0]!;
    expect((await get(`/_astro/${asset}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/vip-center', '/th-TH/license.html', '/license.html?language=vi']) {
      expect((await get(path)).headers['cache-control'], path).toBe('no-cache');
    }
  });

  it("serves the build's brotli copy to a client that takes br, the gzip copy to one that takes gzip, else the file", async () => {
    // The build inlines its CSS: its precompressed assets are scripts (the largest and the smallest).
    const scripts = readdirAstro('.js');
    expect(scripts.length).toBeGreaterThan(1);
    for (const asset of [scripts[0]!, scripts.at(-1)!]) {
      const file = join(DIST, '_astro', asset);
      const br = await get(`/_astro/${asset}`, { 'accept-encoding': 'gzip, br' });
      expect([br.headers['content-encoding'], br.body.equals(readFileSync(`${file}.br`))]).toEqual(['br', true]);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      const gz = await get(`/_astro/${asset}`, { 'accept-encoding': 'gzip' });
      expect([gz.headers['content-encoding'], gz.body.equals(readFileSync(`${file}.gz`))]).toEqual(['gzip', true]);
      const plain = await get(`/_astro/${asset}`);
      expect([plain.headers['content-encoding'], plain.body.equals(readFileSync(file))]).toEqual([undefined, true]);
    }
  });

  it("serves a page from the build's brotli or gzip copy: the heaviest within the 14 KB of one round trip", async () => {
    for (const [path, file] of [
      ['/vip-center?status_height=24', 'vip-center.html'],
      ['/th-TH/my-detail?data1=1', 'th-TH/my-detail.html'],
      ['/license.html?language=vi', 'vi-VN/license.html'],
      ['/th-TH/no-such-page', 'th-TH/404.html'],
    ] as const) {
      const page = join(DIST, file);
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect([br.headers['content-encoding'], br.body.equals(readFileSync(`${page}.br`))], path).toEqual(['br', true]);
      expect([br.headers['cache-control'], br.headers.vary], path).toEqual(['no-cache', 'Accept-Encoding']);
      const gz = await get(path, { 'accept-encoding': 'gzip' });
      expect([gz.headers['content-encoding'], gz.body.equals(readFileSync(`${page}.gz`))], path).toEqual(['gzip', true]);
      expect(gz.body.length, path).toBeLessThanOrEqual(14 * 1024);
    }
  });

  it("sends the first reads' preload header where the reference server does: a page with first reads opened with a session", async () => {
    const cases = [
      '/vip-center?app_sessionid=s1&status_height=24',
      '/th-TH/k-recharge?app_sessionid=a.b:c-1',
      '/download?language=vi&app_sessionid=s1',
      '/private.html?app_sessionid=s1',
      '/vip-center',
      '/vip-center?app_sessionid=',
      '/vip-center?app_sessionid=%3Cb%3E',
      '/license.html?app_sessionid=s1',
      '/nope?app_sessionid=s1',
    ];
    let sent = 0;
    for (const path of cases) {
      const url = new URL(path, 'http://h5.test');
      const file = await resolveFile(DIST, url.pathname, url.search);
      const expected = file ? await firstReadsLink(file, url) : undefined;
      if (expected) sent++;
      expect((await get(path)).headers.link, path).toBe(expected);
    }
    expect(sent).toBe(4);
  });

  it('sends the security headers on every page, and nosniff on assets', async () => {
    for (const path of ['/', '/vip-center', '/zh-TW/k-recharge', '/license.html?language=th_TH', '/nope', '/th-TH/nope']) {
      const { headers } = await get(path);
      expect([headers['x-frame-options'], headers['content-security-policy'], headers['x-content-type-options']], path).toEqual([
        'DENY',
        "frame-ancestors 'none'",
        'nosniff',
      ]);
      expect(headers['referrer-policy'], path).toBe('strict-origin');
      expect(headers.server, path).toBe('nginx');
    }
    expect((await get(`/_astro/${readdirAstro('.js')[0]!}`)).headers['x-content-type-options']).toBe('nosniff');
  });

  it("logs a page's first request without the session the host put in its query (issue 40)", async () => {
    const session = 'S3ss10n-leak-check';
    for (const path of [
      `/vip-center?app_sessionid=${session}&status_height=24`,
      `/download?status_height=24&app_sessionid=${session}`,
      `/?app_sessionid=${session}`,
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
    // nginx writes a line once the request is finished, which can be just after its answer arrived.
    let log = '';
    for (let i = 0; i < 250 && (log.match(/app_sessionid=/g) ?? []).length < 3; i++) {
      await new Promise((done) => setTimeout(done, 20));
      log = existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : '';
    }
    expect(log).toContain('GET /vip-center?app_sessionid=-&status_height=24 ');
    expect(log).toContain('GET /download?status_height=24&app_sessionid=- ');
    expect(log).not.toContain(session);
  });
});

/** The build's assets of a kind that have their .br and .gz copies, largest first. */
function readdirAstro(extension: string): string[] {
  const dir = join(DIST, '_astro');
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && existsSync(join(dir, `${name}.br`)) && existsSync(join(dir, `${name}.gz`)))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
}
