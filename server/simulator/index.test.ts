import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { error, fieldBatch, timing } from '../../tests/fixtures/field';
import { fieldRoutes } from '../api/field';
import { openDb } from '../db';
import { escapeHtml } from './field-page';
import { HOST_SCRIPT_TAG, hostInjection, injectHost, simulatorRoutes } from './index';

describe('injectHost', () => {
  test('puts the script first in <head>, before the CSP meta and every page script', () => {
    expect(injectHost('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><script>1</script>')).toBe(
      `<!DOCTYPE html><html lang="en"><head>${HOST_SCRIPT_TAG}<meta charset="utf-8"><script>1</script>`,
    );
  });

  test('a <head> with attributes; no <head>; nothing at all; already injected', () => {
    expect(injectHost('<HEAD data-x="1"><title>')).toBe(`<HEAD data-x="1">${HOST_SCRIPT_TAG}<title>`);
    expect(injectHost('<html><body>')).toBe(`<html>${HOST_SCRIPT_TAG}<body>`);
    expect(injectHost('<p>hi')).toBe(`${HOST_SCRIPT_TAG}<p>hi`);
    expect(injectHost(injectHost('<head>'))).toBe(`<head>${HOST_SCRIPT_TAG}`);
  });

  test('<header> is not <head>', () => {
    expect(injectHost('<html><header>')).toBe(`<html>${HOST_SCRIPT_TAG}<header>`);
  });
});

/** The server's order: compress, then injection, then the simulator and a page. */
function app() {
  const server = new Hono();
  server.use(compress());
  server.use(hostInjection());
  server.route('/__host', simulatorRoutes());
  server.get('/page', (c) => c.html('<html><head><title>p</title></head></html>'));
  return server;
}

describe('hostInjection', () => {
  test('injects into HTML loaded in an iframe, compressed afterwards', async () => {
    const res = await app().request('/page', { headers: { 'sec-fetch-dest': 'iframe', 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain(`<head>${HOST_SCRIPT_TAG}<title>`);
    expect(res.headers.get('vary')).toMatch(/Sec-Fetch-Dest/);
  });

  test('leaves a page opened as a document alone', async () => {
    const res = await app().request('/page', { headers: { 'sec-fetch-dest': 'document' } });
    expect(await res.text()).not.toContain(HOST_SCRIPT_TAG);
  });
});

describe('simulatorRoutes', () => {
  test('/__host redirects to /__host/, which is the simulator page', async () => {
    const server = app();
    expect((await server.request('/__host')).headers.get('location')).toBe('/__host/');
    const page = await server.request('/__host/');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<iframe id="frame"');
  });

  test('serves the bundled host and simulator scripts and the styles', async () => {
    const server = app();
    const host = await server.request('/__host/host.js');
    expect(host.headers.get('content-type')).toMatch(/javascript/);
    expect(await host.text()).toContain('installFakeHost');
    expect(await (await server.request('/__host/sim.js')).text()).toContain('function frameUrl');
    expect((await server.request('/__host/sim.css')).status).toBe(200);
  });
});

describe('the field report page', () => {
  /** The simulator over a database with what pages reported, one message of it written to attack the page. */
  async function withReports() {
    const db = openDb(':memory:');
    const events = [timing('LCP', 2100), error('<script>alert(1)</script> & "quoted"', '/_astro/<img src=x onerror=alert(1)>.js')];
    await fieldRoutes(db, () => Date.UTC(2026, 0, 1)).request('/api/field', {
      method: 'POST',
      body: JSON.stringify(fieldBatch({ route: 'k-recharge', events })),
    });
    const server = new Hono();
    server.route('/__host', simulatorRoutes({ db }));
    return server;
  }

  test('/__host/field shows the report npm run field prints, as tables', async () => {
    const page = await (await withReports()).request('/__host/field');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Field reports</h1>');
    expect(html).toContain('2 events from 1 page view, received 2026-01-01 00:00 UTC');
    for (const title of [
      'Pages: p75',
      'Errors by message and source',
      'Chunk failures by chunk',
      'Contract violations by method and rule',
      'API failures by endpoint and code',
    ]) {
      expect(html).toContain(`<h2>${title}`);
    }
    expect(html).toMatch(/<td>\/k-recharge<\/td><td>chromium 64<\/td><td>in app<\/td><td>1<\/td>(<td>–<\/td>){2}<td>2100<\/td>/);
    expect(html).toContain('<p class="hint">None.</p>');
  });

  test('escapes every text a page sent, and runs no script', async () => {
    const page = await (await withReports()).request('/__host/field');
    const html = await page.text();
    expect(html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;</td>');
    expect(html).toContain('<td>/_astro/&lt;img src=x onerror=alert(1)&gt;.js</td>');
    expect(html).not.toMatch(/<script|<img/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  test('is linked from the simulator, and not there without a database', async () => {
    expect(await (await app().request('/__host/')).text()).toContain('<a href="/__host/field"');
    expect((await app().request('/__host/field')).status).toBe(404);
  });
});
