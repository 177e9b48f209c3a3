/**
 * Identity attacks on the reference server: the user is whoever the session belongs to. Each test
 * is an attack that worked before sessions were verified and must now be refused with
 * nothing read or written.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db';
import { createApp } from '../../server/app';
import { SESSIONS_PER_USER, SESSION_TTL_MS, findSession, issueSession, sweepSessions } from '../../server/api/sessions';
import { useApiServer } from '../fixtures/api-server';
import { feedbackBody } from '../fixtures/bodies';

const api = useApiServer('sessions-');
const rows = async (uid: string) => (await api.dev('/api/dev/rows', { uid })).body.data;
const NOT_LOGGED_IN = { code: 'notLoggedIn', message: 'Please log in your music account.' };

describe('impersonation', () => {
  it("refuses another user's uid with an invented session id, reading nothing (10002 has orders)", async () => {
    const reply = await api.callAs('/api/vip/orders', {}, { uid: '10002', app_sessionid: 'invented-session-id' });
    expect(reply).toEqual({ status: 403, body: NOT_LOGGED_IN });
  });

  it("refuses another user's uid under a real session of someone else", async () => {
    const mine = await api.session('attacker-1');
    for (const path of ['/api/vip/orders', '/api/feedback/list', '/api/personal/exports']) {
      const body = path === '/api/feedback/list' ? { cursor: null, limit: 10 } : path === '/api/personal/exports' ? { timeZone: 'UTC' } : {};
      expect(await api.callAs(path, body, { uid: '10002', app_sessionid: mine })).toEqual({ status: 403, body: NOT_LOGGED_IN });
    }
  });

  it('writes nothing for a refused request', async () => {
    const before = await rows('10002');
    const feedback = feedbackBody({ description: 'not mine', attempt: 'attempt-impersonate-1' });
    const mine = await api.session('attacker-2');
    expect((await api.callAs('/api/feedback', feedback, { uid: '10002', app_sessionid: mine })).status).toBe(403);
    expect((await api.callAs('/api/feedback', feedback, { uid: '10002', app_sessionid: 'x'.repeat(43) })).status).toBe(403);
    expect(await rows('10002')).toEqual(before);
  });

  // A host reporting `uid: ""` plus `?app_sessionid=` planted in a link once ran the victim's
  // page as the attacker's account: what the victim then sent (feedback, a data request) was the attacker's.
  it("refuses a session that arrives without the host's uid, as a planted link's does, writing nothing", async () => {
    const planted = await api.session('planter-1');
    const before = await rows('planter-1');
    const feedback = feedbackBody({ description: 'my phone number is 8123 4567', attempt: 'attempt-planted-1' });
    expect(await api.callAs('/api/feedback', feedback, { uid: '', app_sessionid: planted })).toEqual({ status: 403, body: NOT_LOGGED_IN });
    expect(await api.callAs('/api/vip/orders', {}, { uid: '', app_sessionid: planted })).toEqual({ status: 403, body: NOT_LOGGED_IN });
    expect(await rows('planter-1')).toEqual(before);
    // Uploads (x-uid) and tracking (common.uid) keep the same rule.
    const upload = await fetch(`${api.base}/api/upload`, { method: 'POST', headers: { 'x-app-sessionid': planted }, body: new Uint8Array(16) });
    expect(upload.status).toBe(403);
  });

  it("answers the session's own user, whatever else the body holds", async () => {
    const reply = await api.call('/api/session', { uid: 'someone-else' }, 'owner-1');
    expect(reply.body.data.uid).toBe('owner-1');
  });

  it('refuses a session id that is missing, too long, or malformed', async () => {
    expect((await api.callAs('/api/session', {}, { uid: '10001', app_sessionid: '' })).status).toBe(403);
    expect((await api.callAs('/api/session', {}, { uid: '10001', app_sessionid: 'A'.repeat(129) })).status).toBe(422);
    expect((await api.callAs('/api/session', {}, { uid: 'u'.repeat(65), app_sessionid: await api.session('long-uid') })).status).toBe(422);
  });
});

describe('expiry', () => {
  it('answers loginExpired once the session is ended, and nothing after', async () => {
    const id = await api.session('expiring-1');
    expect((await api.call('/api/session', {}, 'expiring-1')).status).toBe(200);
    expect((await api.dev('/api/dev/session/expire', { app_sessionid: id })).status).toBe(200);
    const reply = await api.call('/api/coins/balance', {}, 'expiring-1');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('loginExpired');
  });

  it('expires 30 days after issue and is swept a day later', () => {
    const db = openDb(':memory:');
    const t0 = Date.UTC(2026, 0, 1);
    const { app_sessionid } = issueSession(db, 'u-ttl', t0);
    expect(findSession(db, app_sessionid, t0 + SESSION_TTL_MS - 1)?.uid).toBe('u-ttl');
    expect(findSession(db, app_sessionid, t0 + SESSION_TTL_MS)).toBeNull();
    expect(sweepSessions(db, t0 + SESSION_TTL_MS + 60_000)).toBe(0);
    expect(sweepSessions(db, t0 + SESSION_TTL_MS + 86_400_001)).toBe(1);
  });
});

describe('what a session is', () => {
  it('is 256 random bits, bound to one uid, and stored only as a hash', async () => {
    // Bounds from the clock before and after the call: true however long the machine takes over it.
    const before = Date.now();
    const issued = (await api.dev('/api/dev/session', { uid: 'shape-1' })).body.data;
    const after = Date.now();
    expect(issued).toMatchObject({ uid: 'shape-1', app_sessionid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(issued.expiresAt).toBeGreaterThanOrEqual(before + SESSION_TTL_MS);
    expect(issued.expiresAt).toBeLessThanOrEqual(after + SESSION_TTL_MS);
    const stored = api.db
      .prepare("SELECT id_hash FROM sessions WHERE uid = 'shape-1'")
      .all()
      .map((row) => row.id_hash);
    expect(stored).toHaveLength(1);
    expect(stored).not.toContain(issued.app_sessionid);
  });

  it('keeps at most SESSIONS_PER_USER live sessions per user, dropping the oldest', async () => {
    const ids: string[] = [];
    for (let i = 0; i <= SESSIONS_PER_USER; i++) ids.push((await api.dev('/api/dev/session', { uid: 'many-1' })).body.data.app_sessionid);
    expect(api.db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE uid = 'many-1'").get()).toEqual({ n: SESSIONS_PER_USER });
    expect((await api.callAs('/api/session', {}, { uid: 'many-1', app_sessionid: ids[0]! })).status).toBe(403);
    expect((await api.callAs('/api/session', {}, { uid: 'many-1', app_sessionid: ids.at(-1)! })).status).toBe(200);
  });

  it('refuses a uid the account service would not issue', async () => {
    for (const uid of ['', 'a b', '<script>', 'u'.repeat(65)]) expect((await api.dev('/api/dev/session', { uid })).status).toBe(422);
  });
});

describe('development routes', () => {
  it('answer only callers on this machine: a request without a loopback socket is not found', async () => {
    const app = createApp({ root: '.', db: openDb(':memory:'), privateKey: '', dataDir: '.', log: false });
    const reply = await app.request('/api/dev/session', { method: 'POST', body: JSON.stringify({ uid: '10001' }) });
    expect(reply.status).toBe(404);
  });
});
