/**
 * For server tests: the whole app on a random port with a throwaway database, started before the
 * file's tests and removed after, and the two ways tests talk to it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { form, seal } from '../../tests/fixtures/seal';
import { createApp, type AppOptions } from '../app';
import { openDb, type Db } from '../db';
import { HTTP_LIMITS, connectionStats, serveWithLimits, type ConnectionStats, type HttpLimits } from '../http-limits';

const PUBLIC = readFileSync('tests/fixtures/keys/public.pem', 'utf8');
const PRIVATE = readFileSync('tests/fixtures/keys/private.pem', 'utf8');

/** The HTTP status and the JSON body (loosely typed: tests read into it freely). */
export type Reply = { status: number; body: any };

export interface ApiServer {
  /** `http://127.0.0.1:<port>`, once the file's tests run. */
  base: string;
  db: Db;
  /** The throwaway data directory (uploads are under `uploads/`). */
  dataDir: string;
  /** A sealed API request as `uid`, with a session issued for it by `POST /api/dev/session` (one per uid, reused). */
  call(path: string, body: object, uid: string): Promise<Reply>;
  /** The session `call` uses for `uid`, issued on first use. */
  session(uid: string): Promise<string>;
  /** A sealed API request with exactly these wire fields: what an attacker can send. */
  callAs(path: string, body: object, wire: { uid: string; app_sessionid: string }): Promise<Reply>;
  /** A plain JSON development route (`/api/dev/...`). */
  dev(path: string, body: unknown): Promise<Reply>;
  /** The server's connection counts (server/http-limits.ts). */
  stats(): ConnectionStats;
  /** The limits it runs with: npm start's, with the file's overrides. */
  limits: HttpLimits;
}

export interface ApiServerOptions extends Partial<HttpLimits>, Pick<AppOptions, 'opener'> {
  /**
   * The server's clock (ms since the epoch), Date.now by default. Sealed requests carry it as `ts`,
   * so a test can move time (past a limit's window) without the replay guard calling them stale.
   */
  now?: () => number;
}

/**
 * @example const api = useApiServer('vip-'); … await api.call('/api/vip/status', {}, 'user-1')
 * @example const api = useApiServer('slow-', { perAddress: 20, bodyMs: 1000 }) // an attack test's small limits
 * @example let t = Date.now(); const api = useApiServer('limits-', { now: () => t }); … t += 3_600_000
 */
export function useApiServer(prefix: string, overrides: ApiServerOptions = {}): ApiServer {
  const { now = Date.now, opener, ...limits } = overrides;
  let dataDir: string;
  let server: ServerType;
  const reply = async (response: Response): Promise<Reply> => ({ status: response.status, body: await response.json() });
  let sessions = new Map<string, Promise<string>>();
  const api: ApiServer = {
    base: '',
    db: undefined as unknown as Db,
    dataDir: '',
    session: (uid) => {
      const issued =
        sessions.get(uid) ??
        api.dev('/api/dev/session', { uid }).then(({ status, body }) => {
          if (status !== 200) throw new Error(`no session for ${uid}: ${status} ${JSON.stringify(body)}`);
          return body.data.app_sessionid as string;
        });
      sessions.set(uid, issued);
      return issued;
    },
    callAs: async (path, body, wire) =>
      reply(
        await fetch(`${api.base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form(seal(body, PUBLIC, { ts: now(), ...wire })),
        }),
      ),
    call: async (path, body, uid) => api.callAs(path, body, { uid, app_sessionid: await api.session(uid) }),
    dev: async (path, body) =>
      reply(await fetch(`${api.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
    stats: () => connectionStats(server),
    limits: { ...HTTP_LIMITS, ...limits },
  };
  beforeAll(async () => {
    sessions = new Map();
    dataDir = mkdtempSync(join(tmpdir(), prefix));
    api.dataDir = dataDir;
    api.db = openDb(dataDir);
    const app = createApp({ root: dataDir, db: api.db, privateKey: PRIVATE, dataDir, log: false, limits: api.limits, opener, now });
    await new Promise<void>((resolve) => {
      server = serveWithLimits({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', limits: api.limits }, (info: AddressInfo) => {
        api.base = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    api.db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return api;
}
