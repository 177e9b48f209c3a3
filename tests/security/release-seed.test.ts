/**
 * `npm run start:release` once seeded the development data: the demo accounts and the
 * redeem codes docs/api.md prints. `SVIP30` redeemed on a release server made its redeemer SVIP for
 * 30 days, and an account the real account service numbers 10002 would have found a stranger's
 * orders and membership. Now a release database gets the catalogue only (plans, coin packages, songs,
 * help texts); the demo data is `npm start`'s and the tests'. A release start refuses a database that
 * `npm start` seeded, which would hand out the same codes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/api/sessions';
import { openDb } from '../../server/db';
import { useApiServer, type Reply } from '../fixtures/api-server';
import { form, seal } from '../fixtures/seal';

/** What a user who never bought anything sees on /vip-center. */
const NO_MEMBERSHIP = { membership: { tier: 'none', expiresAt: null, svipUntil: null }, renewals: [] };

describe('a release server', () => {
  const api = useApiServer('release-seed-', { mode: 'release' });
  /** A user signed in by the account service (a release server has no /api/dev/session). */
  const signedIn = (uid: string) => ({ uid, app_sessionid: issueSession(api.db, uid, Date.now()).app_sessionid });

  it('knows none of the printed redeem codes: SVIP30 and VIP7DAYS answer as a code never issued, and grant nothing', async () => {
    const wire = signedIn('rel-redeemer');
    const never = await api.callAs('/api/vip/redeem', { code: 'NEVER-ISSUED' }, wire);
    expect(never.status).toBeGreaterThanOrEqual(400);
    for (const code of ['SVIP30', 'VIP7DAYS']) expect(await api.callAs('/api/vip/redeem', { code }, wire), code).toEqual(never);
    expect(await api.callAs('/api/vip/status', {}, wire)).toEqual({ status: 200, body: { code: 0, data: NO_MEMBERSHIP } });
  });

  it('has no demo accounts: 10001 and 10002 start as new users, while the catalogue is there', async () => {
    const member = signedIn('10002');
    expect(await api.callAs('/api/vip/orders', {}, member)).toEqual({ status: 200, body: { code: 0, data: { orders: [] } } });
    expect(await api.callAs('/api/vip/status', {}, member)).toEqual({ status: 200, body: { code: 0, data: NO_MEMBERSHIP } });
    expect((await api.callAs('/api/personal/info', {}, member)).body.data.account).toEqual({ nickname: '', phone: '', registeredAt: null });
    const user = signedIn('10001');
    expect((await api.callAs('/api/coins/balance', {}, user)).body.data).toEqual({ balance: 0, pending: 0 });
    expect((await api.callAs('/api/coins/transactions', { cursor: null, limit: 10 }, user)).body.data.items).toEqual([]);
    expect((await api.callAs('/api/feedback/list', { cursor: null, limit: 10, locale: 'en-US' }, user)).body.data.items).toEqual([]);
    expect((await api.callAs('/api/help/home', { locale: 'en-US' }, user)).body.data.unread).toBe(0);

    const plans = (await api.callAs('/api/vip/plans', { region: 'SG' }, user)).body.data.plans as { id: string; offerEndsAt: number | null }[];
    expect(plans.map((p) => p.id)).toContain('svip-month');
    expect(plans.some((p) => p.offerEndsAt !== null)).toBe(true);
    expect((await api.callAs('/api/coins/packages', { region: 'SG' }, user)).body.data.packages.length).toBeGreaterThan(0);
    expect((await api.callAs('/api/help/home', { locale: 'th-TH' }, user)).body.data.categories.length).toBe(6);
  });
});

describe('a development server (npm start, the tests)', () => {
  const api = useApiServer('dev-seed-');

  it('keeps the demo data the docs describe: SVIP30 makes its redeemer SVIP for 30 days, 10002 has orders', async () => {
    expect(await api.call('/api/vip/redeem', { code: 'SVIP30' }, 'dev-redeemer')).toMatchObject({
      status: 200,
      body: { code: 0, data: { membership: { tier: 'svip' }, grant: { tier: 'svip', days: 30 } } },
    });
    expect((await api.call('/api/vip/orders', {}, '10002')).body.data.orders).toHaveLength(3);
  });
});

/**
 * The real `npm run start:release` (scripts/start-release.mjs) with a fresh production key and pages
 * "built" for it (a seal chunk carrying its public half, as server/config.ts checks).
 */
describe('npm run start:release', () => {
  let dir: string;
  let env: Record<string, string>;
  let publicPem: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'release-start-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    writeFileSync(join(dir, 'private.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    mkdirSync(join(dir, 'dist', '_astro'), { recursive: true });
    writeFileSync(join(dir, 'dist', '_astro', 'seal.abc.js'), `const k=${JSON.stringify(publicPem)};export{k};`);
    env = { PRIVATE_RSA_KEY_FILE: join(dir, 'private.pem'), DIST_DIR: join(dir, 'dist'), PORT: '0', LOG: '0' };
  });
  afterAll(() => {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts it on `dataDir`: the base URL once it serves, or its exit code and what it printed when it stops first. */
  const start = (dataDir: string) =>
    new Promise<{ base: string } | { exit: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/start-release.mjs'], { env: { ...process.env, ...env, DATA_DIR: dataDir }, stdio: 'pipe' });
      children.push(child);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        const serving = /Serving the site on (http:\/\/[\d.]+:\d+)\//.exec(stdout);
        if (serving) resolve({ base: serving[1]! });
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('exit', (exit) => resolve({ exit, stderr }));
    });

  const redeem = async (base: string, dataDir: string, code: string): Promise<Reply> => {
    // The account service's sign-in, written where the server reads sessions.
    const db = openDb(dataDir);
    const { app_sessionid } = issueSession(db, 'operator-1', Date.now());
    db.close();
    const response = await fetch(`${base}/api/vip/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(seal({ code }, publicPem, { path: '/api/vip/redeem', uid: 'operator-1', app_sessionid })),
    });
    return { status: response.status, body: await response.json() };
  };

  it('on a fresh DATA_DIR serves without the demo codes: SVIP30 answers as a code never issued', { timeout: 30_000 }, async () => {
    const dataDir = join(dir, 'fresh');
    const started = await start(dataDir);
    if (!('base' in started)) throw new Error(`start:release did not start: ${started.exit} ${started.stderr}`);
    const never = await redeem(started.base, dataDir, 'NEVER-ISSUED');
    expect(never.status).toBeGreaterThanOrEqual(400);
    expect(await redeem(started.base, dataDir, 'SVIP30')).toEqual(never);
  });

  it('refuses a DATA_DIR that npm start seeded, whose codes anyone could redeem', { timeout: 30_000 }, async () => {
    const dataDir = join(dir, 'from-npm-start');
    openDb(dataDir, { demo: true }).close();
    const started = await start(dataDir);
    expect(started).toMatchObject({ exit: 1 });
    expect((started as { stderr: string }).stderr).toMatch(/^npm run start:release: .*app\.db holds the development seed/);
  });
});
