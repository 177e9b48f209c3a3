import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db';
import { GRANTS_PER_EXPORT, GRANT_SECONDS, checkGrant, mintGrant } from './export-grants';
import { expireSession, issueSession } from './sessions';

const T0 = Date.UTC(2026, 0, 5, 8); // milliseconds
const sec = (ms: number) => Math.floor(ms / 1000);
const DAY = 86_400;
const idOf = (url: string) => url.split('/').pop()!;

let db: Db;
let owner: { uid: string; app_sessionid: string };
let other: { uid: string; app_sessionid: string };

/** An export of `uid`, sent at T0, whose file expires `days` later. */
function addExport(uid: string, days = 7): string {
  const id = `ex-${randomBytes(6).toString('base64url')}`;
  db.prepare("INSERT INTO exports VALUES (?, ?, ?, 'e@example.com', 'hash', ?, 'sent', ?, ?, ?, ?, ?)").run(
    id,
    uid,
    id,
    id,
    sec(T0),
    sec(T0),
    sec(T0) + days * DAY,
    id,
    Buffer.from('%PDF-2.0 test'),
  );
  return id;
}

beforeEach(() => {
  db = openDb(':memory:');
  const a = issueSession(db, 'owner-1', T0 - 60_000);
  const b = issueSession(db, 'other-2', T0 - 60_000);
  owner = { uid: a.uid, app_sessionid: a.app_sessionid };
  other = { uid: b.uid, app_sessionid: b.app_sessionid };
});

describe('export grants', () => {
  it('open the file for the owner until 15 minutes have passed, then say expired', () => {
    const ex = addExport(owner.uid);
    const grant = mintGrant(db, ex, owner, T0);
    expect(grant.url).toMatch(/^\/api\/personal\/file\/[A-Za-z0-9_-]{43}$/);
    expect(grant.expiresAt).toBe(sec(T0) + GRANT_SECONDS);
    expect(checkGrant(db, idOf(grant.url), T0)).toEqual({ ok: true, exportId: ex });
    expect(checkGrant(db, idOf(grant.url), T0 + (GRANT_SECONDS - 1) * 1000)).toEqual({ ok: true, exportId: ex });
    expect(checkGrant(db, idOf(grant.url), T0 + GRANT_SECONDS * 1000)).toEqual({ ok: false, status: 410 });
  });

  it('last no longer than the export: a link minted near the end dies with the file', () => {
    const ex = addExport(owner.uid, 1);
    const late = T0 + (DAY - 60) * 1000;
    const grant = mintGrant(db, ex, owner, late);
    expect(grant.expiresAt).toBe(sec(T0) + DAY);
    expect(checkGrant(db, idOf(grant.url), late).ok).toBe(true);
    expect(checkGrant(db, idOf(grant.url), T0 + DAY * 1000)).toEqual({ ok: false, status: 410 });
  });

  it('refuse (410) once the export has expired or lost its file, even within the 15 minutes', () => {
    const ex = addExport(owner.uid);
    const grant = mintGrant(db, ex, owner, T0);
    db.prepare('UPDATE exports SET expires_at = ? WHERE id = ?').run(sec(T0), ex);
    expect(checkGrant(db, idOf(grant.url), T0 + 1000)).toEqual({ ok: false, status: 410 });
    db.prepare('UPDATE exports SET expires_at = ?, file = NULL WHERE id = ?').run(sec(T0) + DAY, ex);
    expect(checkGrant(db, idOf(grant.url), T0 + 1000)).toEqual({ ok: false, status: 410 });
  });

  it('refuse (410) once the session they were minted for has ended', () => {
    const ex = addExport(owner.uid);
    const grant = mintGrant(db, ex, owner, T0);
    expect(expireSession(db, owner.app_sessionid, T0 + 1000)).toBe(true);
    expect(checkGrant(db, idOf(grant.url), T0 + 2000)).toEqual({ ok: false, status: 410 });
    // A new session of the same user does not revive it: the link belongs to the session.
    issueSession(db, owner.uid, T0 + 3000);
    expect(checkGrant(db, idOf(grant.url), T0 + 4000)).toEqual({ ok: false, status: 410 });
  });

  it("answer 404, as for no grant at all, for a grant whose session or user is not the export's owner", () => {
    const ex = addExport(owner.uid);
    // Minted (by a caller that forgot its check) for another user's session: the file route holds.
    const foreignSession = mintGrant(db, ex, { uid: owner.uid, app_sessionid: other.app_sessionid }, T0);
    const foreignUser = mintGrant(db, ex, other, T0);
    expect(checkGrant(db, idOf(foreignSession.url), T0)).toEqual({ ok: false, status: 404 });
    expect(checkGrant(db, idOf(foreignUser.url), T0)).toEqual({ ok: false, status: 404 });
    expect(checkGrant(db, randomBytes(32).toString('base64url'), T0)).toEqual({ ok: false, status: 404 });
    for (const bad of ['', 'x', '../../etc/passwd', `${randomBytes(32).toString('base64url')}A`])
      expect(checkGrant(db, bad, T0)).toEqual({ ok: false, status: 404 });
  });

  it('keep the session sealed to its grant: a sealed session moved to another grant opens nothing', () => {
    const ex = addExport(owner.uid);
    const mine = mintGrant(db, ex, owner, T0);
    const theirs = mintGrant(db, addExport(other.uid), other, T0);
    const sealed = String(db.prepare('SELECT session FROM export_grants WHERE export_id = ?').get(ex)!.session);
    // Give the other user's grant the owner's sealed session: without the owner's link it does not open.
    db.prepare('UPDATE export_grants SET session = ? WHERE export_id != ?').run(sealed, ex);
    expect(checkGrant(db, idOf(theirs.url), T0)).toEqual({ ok: false, status: 404 });
    expect(checkGrant(db, idOf(mine.url), T0).ok).toBe(true);
  });

  it('store neither the link nor the session id', () => {
    const grant = mintGrant(db, addExport(owner.uid), owner, T0);
    const stored = JSON.stringify(db.prepare('SELECT * FROM export_grants').all());
    expect(stored).not.toContain(idOf(grant.url));
    expect(stored).not.toContain(owner.app_sessionid);
  });

  it(`keep the newest ${GRANTS_PER_EXPORT} per export and sweep expired ones`, () => {
    const ex = addExport(owner.uid);
    const stale = mintGrant(db, addExport(owner.uid), owner, T0 - GRANT_SECONDS * 1000);
    const grants = Array.from({ length: GRANTS_PER_EXPORT + 2 }, (_, i) => mintGrant(db, ex, owner, T0 + i));
    const ok = grants.map((g) => checkGrant(db, idOf(g.url), T0 + 100).ok);
    expect(ok).toEqual([false, false, ...Array<boolean>(GRANTS_PER_EXPORT).fill(true)]);
    expect(checkGrant(db, idOf(grants[0]!.url), T0 + 100)).toEqual({ ok: false, status: 404 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM export_grants').get()!.n).toBe(GRANTS_PER_EXPORT);
    expect(checkGrant(db, idOf(stale.url), T0)).toEqual({ ok: false, status: 404 });
  });

  it('cannot be minted for an export without a file date', () => {
    const ex = addExport(owner.uid);
    db.prepare('UPDATE exports SET expires_at = NULL WHERE id = ?').run(ex);
    expect(() => mintGrant(db, ex, owner, T0)).toThrow(RangeError);
    expect(() => mintGrant(db, 'ex-none', owner, T0)).toThrow(RangeError);
  });
});
