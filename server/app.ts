/**
 * The reference server as one Hono app on one port: the built site as the CDN serves it, the API
 * (every endpoint of src/shared/api/contract.ts), uploads, tracking, field reports, and, in
 * development only, the routes that stand for other services (server/api/dev.ts) and the host
 * simulator (server/simulator).
 * A release server (`npm run start:release`, server/config.ts) has neither: they answer 404.
 */
import type { KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { BODY_MAX_BYTES } from '../src/shared/limits';
import { isLocale } from '../src/shared/locale';
import { devRoutes } from './api/dev';
import { HANDLERS } from './api/handlers';
import { FairShare, fairTurns } from './api/fair';
import { fieldGate, fieldRoutes, type FieldLimits } from './api/field';
import { Opener, type OpenerOptions } from './api/opener';
import { apiRoutes, clientOf, refuseFailing } from './api/pipeline';
import { trackRoutes } from './api/track';
import { uploadRoutes } from './api/upload';
import type { Db } from './db';
import { HTTP_LIMITS, smallBodies, type HttpLimits } from './http-limits';
import { hostInjection, isFrameRequest, simulatorRoutes } from './simulator';
import { TRUST_NOBODY, type ProxyTrust } from './client';
import { serveStatic } from './static';

export interface AppOptions {
  /** The built site, `dist/` by default. */
  root: string;
  db: Db;
  /** The development private key (server/dev-keys), or a test key. */
  privateKey: KeyObject | string;
  /** Where uploads are written. */
  dataDir: string;
  /** One log line per request unless false (tests keep quiet). */
  log?: boolean;
  now?: () => number;
  /** Key cache and failed-open limits of the API (server/api/opener.ts); tests raise or lower them. */
  opener?: OpenerOptions;
  /** The deadlines the app enforces itself (a small body's, an upload's pace); the server takes the rest. */
  limits?: HttpLimits;
  /**
   * `development` (npm start, the tests): with the development routes and the simulator.
   * `release` (npm run start:release): without them; nothing trusts a caller for where it connects from.
   */
  mode?: 'development' | 'release';
  /** The proxies that may name the client (TRUST_PROXY, server/client.ts); nobody by default. */
  trustProxy?: ProxyTrust;
  /** Each client's share of the API's thread (server/api/fair.ts); tests pass their own. */
  fair?: FairShare;
  /** The bounds of the field reports (server/api/field.ts); tests lower them. */
  field?: Partial<FieldLimits>;
}

/** @example createApp({ root: 'dist', db: openDb(':memory:'), privateKey, dataDir: '.data' }) */
export function createApp({
  root,
  db,
  privateKey,
  dataDir,
  log = true,
  now,
  opener,
  limits = HTTP_LIMITS,
  mode = 'development',
  trustProxy = TRUST_NOBODY,
  fair = new FairShare(),
  field,
}: AppOptions) {
  const development = mode === 'development';
  const app = new Hono();
  if (log) app.use(logLine);
  const client = (c: Context) => clientOf(c, trustProxy);
  const seals = new Opener(privateKey, { now, ...opener });
  // Before any body is read: a client past its failure limit reads nothing more, so its bodies cost
  // no work.
  app.use('/api/*', refuseFailing(seals, client));
  // Before a body is read: one client's requests take their turns, never all of the thread, so one
  // client cannot stall the rest.
  app.use('/api/*', fairTurns(fair, client, limits.bodyMs));
  // Before a body is read too: field reports are anonymous, so their address is all that bounds them.
  app.use('/api/field', fieldGate(now, { clientOf: client, limits: field }));
  // Before any route: none of them may wait on a client that trickles its body.
  app.use(smallBodies({ maxBytes: BODY_MAX_BYTES, deadlineMs: limits.bodyMs }));
  // No page may be framed by another site (clickjacking a payment button), and none names more than
  // its origin to what it loads (its address may still hold the host's session). In development the
  // simulator frames the pages, so its own origin may; a release server allows no frame at all.
  // Pages only: on the scripts the two headers cost 70 bytes each, a kilobyte on a page's first load.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
    c.res.headers.set('x-frame-options', development ? 'SAMEORIGIN' : 'DENY');
    // The host opens a page with the 30-day session in its query; the shell takes it out of the
    // address, but only once the head's styles are already asked for. `strict-origin`, not the
    // browsers' default: that one sends same-origin requests the whole URL, session included.
    c.res.headers.set('referrer-policy', 'strict-origin');
    c.res.headers.append('content-security-policy', `frame-ancestors ${development ? "'self'" : "'none'"}`);
  });
  app.use(compress());
  // After compress: it edits the HTML before compression. Pages framed by the simulator get the fake host.
  if (development) app.use(hostInjection());
  // A plain GET for readiness probes; the contract's health endpoint is the encrypted POST.
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.route('/', uploadRoutes({ db, dir: join(dataDir, 'uploads'), limits, now }));
  app.route('/', trackRoutes(db, now));
  app.route('/', fieldRoutes(db, now, { clientOf: client, limits: field }));
  // Before the API: its catch-all answers any other /api/* path with notFound.
  if (development) app.route('/', devRoutes(db, now));
  app.route('/', apiRoutes({ db, privateKey, handlers: HANDLERS, now, opener: seals, trustProxy }));
  if (development) app.route('/__host', simulatorRoutes({ db }));
  // A page the simulator frames is edited (hostInjection, above) and then compressed in flight: its
  // request takes no copy the build compressed.
  const encodings = (c: Context) => (development && isFrameRequest(c.req.raw.headers) ? '' : c.req.header('accept-encoding'));
  app.get('*', async (c, next) => (await serveStatic(root, new URL(c.req.url), encodings(c))) ?? next());
  // An address the site does not have: the styled page, in the locale of the URL's prefix or its
  // `language` query (resolveFile's rewrite), with status 404.
  app.notFound(async (c) => {
    const url = new URL(c.req.url);
    const first = url.pathname.split('/')[1] ?? '';
    url.pathname = isLocale(first) ? `/${first}/404` : '/404';
    const page = await serveStatic(root, url, encodings(c));
    return page ? new Response(page.body, { status: 404, headers: page.headers }) : c.text('Not found', 404);
  });
  return app;
}

/** `GET /vip-center 200 3ms`, and the failure code when the API refused: `POST /api/session 409 1ms replayed`. */
async function logLine(c: import('hono').Context, next: () => Promise<void>) {
  const start = performance.now();
  await next();
  const failure = c.get('failure' as never) as string | undefined;
  console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - start)}ms${failure ? ` ${failure}` : ''}`);
}
