/**
 * The host simulator (`/__host/`): a page with a phone-sized frame around any route of the site and
 * controls for everything the host app decides, plus the script the server injects into framed pages
 * so they get the simulated `NativeBridge`, and the field report (`/__host/field`). Mount with
 * `app.route('/__host', simulatorRoutes({ db }))` and `app.use(hostInjection())` (or call `injectHost`
 * for iframe requests yourself).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { basePath } from 'hono/route';
import type { Db } from '../db';
import { fieldReport } from '../field-report';
import { bundle, SIMULATOR_DIR } from './bundle';
import { fieldPage } from './field-page';

/** The tag injected into framed pages; same-origin, so the pages' CSP (`script-src 'self'`) allows it. */
export const HOST_SCRIPT_TAG = '<script src="/__host/host.js"></script>';

const NO_CACHE = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
const JS = { ...NO_CACHE, 'content-type': 'text/javascript; charset=utf-8' };
// The simulator page runs no inline code and frames only this site.
const PAGE_CSP = "default-src 'self'; img-src 'self' data:; frame-src 'self'; object-src 'none'; base-uri 'none'";
// The field report's page runs nothing at all and frames nothing.
const FIELD_CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * Puts the simulated host's script first in `<head>`, so it runs before any script of the page. Pages
 * without a `<head>` get it after `<html>`, or at the very start; a page that has it is left as is.
 * @example injectHost('<html><head><title>x</title>') // '<html><head><script src="/__host/host.js"></script><title>x</title>'
 */
export function injectHost(html: string): string {
  if (html.includes(HOST_SCRIPT_TAG)) return html;
  for (const tag of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i]) {
    const match = tag.exec(html);
    if (match) return html.slice(0, match.index + match[0].length) + HOST_SCRIPT_TAG + html.slice(match.index + match[0].length);
  }
  return HOST_SCRIPT_TAG + html;
}

/**
 * Whether the request loads a document into an iframe: only those get the simulated host, so the same
 * URL opened in a tab stays a plain browser (no host), as the e2e tests expect.
 */
export const isFrameRequest = (headers: Headers): boolean => headers.get('sec-fetch-dest') === 'iframe';

let warned = false;
function warnOnce(): void {
  if (!warned) console.warn('[host simulator] hostInjection() sees compressed HTML: register it after compress()');
  warned = true;
}

/**
 * Middleware: injects the host script into HTML answers to iframe requests (the simulator's frame).
 * Register it after `compress()` so it sees the body before compression.
 * @example app.use(compress()); app.use(hostInjection());
 */
export function hostInjection(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || c.req.path.startsWith('/__host/')) return;
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
    const framed = isFrameRequest(c.req.raw.headers);
    // Caches must not hand a framed copy to a tab or the other way round.
    if (c.res.headers.get('content-encoding')) {
      // A tab's page, from the build's compressed copy (the server gives a frame the page itself).
      if (!framed) return void c.res.headers.append('vary', 'Sec-Fetch-Dest');
      // Registered before compress() it would see gzip bytes: leave those alone rather than corrupt them.
      return warnOnce();
    }
    const headers = new Headers(c.res.headers);
    headers.append('vary', 'Sec-Fetch-Dest');
    if (framed) headers.delete('content-length');
    const body = framed ? injectHost(await c.res.text()) : c.res.body;
    const status = c.res.status;
    // Cleared first: Hono copies the old response's headers onto a new one (content-length included).
    c.res = undefined as unknown as Response;
    c.res = new Response(body, { status, headers });
  };
}

/**
 * The simulator's routes, to mount at `/__host`: the page (`/`), its script and styles, the
 * injected host script (`/host.js`), and, given the database, the field report (`/field`).
 * @example app.route('/__host', simulatorRoutes({ db }))
 */
export function simulatorRoutes({ db }: { db?: Db } = {}): Hono {
  const routes = new Hono();
  if (db) routes.get('/field', (c) => c.html(fieldPage(fieldReport(db)), 200, { ...NO_CACHE, 'content-security-policy': FIELD_CSP }));
  routes.get('/host.js', (c) => c.body(bundle('host-entry.ts'), 200, JS));
  routes.get('/sim.js', (c) => c.body(bundle('sim.ts'), 200, JS));
  routes.get('/sim.css', async (c) =>
    c.body(await readFile(join(SIMULATOR_DIR, 'sim.css'), 'utf8'), 200, { ...NO_CACHE, 'content-type': 'text/css; charset=utf-8' }),
  );
  // `/__host` → `/__host/`, so the page has one address.
  routes.get('/', (c) => c.redirect(`${c.req.path}/`, 308));
  // Hono matches the mount point with a trailing slash only through a wildcard.
  routes.get('/*', async (c, next) => {
    if (c.req.path !== `${basePath(c)}/`) return next();
    const html = await readFile(join(SIMULATOR_DIR, 'index.html'), 'utf8');
    return c.html(html, 200, { ...NO_CACHE, 'content-security-policy': PAGE_CSP });
  });
  return routes;
}
