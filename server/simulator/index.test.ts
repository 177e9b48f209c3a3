import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
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
