import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_UID } from '../db/seed';
import { DAY } from '../time';
import { useApiServer } from '../../tests/fixtures/api-server';

// The server's clock, seeding included, stands still: the seeded membership's times are compared with
// it exactly, however long the file's earlier tests took.
const CLOCK = Date.UTC(2026, 10, 1, 12);
const api = useApiServer('music-', { now: () => CLOCK });
const { call, dev } = api;
const MEMBER = '10002';
const nowSec = () => Math.floor(CLOCK / 1000);
const fresh = () => `u-${randomUUID().slice(0, 8)}`;
const quota = async (uid: string) => (await call('/api/music/quota', {}, uid)).body.data;
/** A user with a membership of `days`, granted by a fresh redeem code. */
async function memberFor(days: number) {
  const uid = fresh();
  const { code } = (await dev('/api/dev/redeem-code', { tier: 'vip', days })).body.data;
  expect((await call('/api/vip/redeem', { code }, uid)).status).toBe(200);
  return uid;
}

describe('download quota', () => {
  it("gives the seeded member a full cycle that began with the membership, with this cycle's downloads used", async () => {
    const { membership, quota: q } = await quota(MEMBER);
    expect(membership.tier).toBe('vip');
    expect(q).toMatchObject({ total: 300, used: 24, validDays: 31, renews: false });
    // The membership lapsed once; the period began with the order paid 10 days ago.
    expect(q.cycleStart).toBe(nowSec() - 10 * DAY);
    expect(q.endsAt).toBe(membership.expiresAt);
  });

  it('gives nothing to a non-member', async () => {
    expect(await quota(DEMO_UID)).toEqual({ membership: { tier: 'none', expiresAt: null }, quota: null });
  });

  it('gives a 10-day package 100 songs and a 1-day package 10', async () => {
    expect((await quota(await memberFor(10))).quota).toMatchObject({ total: 100, used: 0, validDays: 10, renews: false });
    expect((await quota(await memberFor(1))).quota).toMatchObject({ total: 10, validDays: 1 });
  });

  it('counts what the app reports downloaded, and lists it newest first, page by page', async () => {
    const uid = await memberFor(31);
    for (const [songId, quality] of [
      ['s01', 'standard'],
      ['s02', 'lossless'],
      ['s03', 'high'],
    ]) {
      expect((await dev('/api/dev/download', { uid, songId, quality })).status).toBe(200);
    }
    expect((await quota(uid)).quota).toMatchObject({ total: 300, used: 3 });
    const first = (await call('/api/music/downloads', { cursor: null, limit: 2 }, uid)).body.data;
    expect(first.items.map((d: any) => d.songId).sort()).toHaveLength(2);
    const second = (await call('/api/music/downloads', { cursor: first.next, limit: 2 }, uid)).body.data;
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((d: any) => d.songId).sort()).toEqual(['s01', 's02', 's03']);
    expect(first.items[0]).toMatchObject({ name: expect.any(String), artist: expect.any(String) });
    expect((await dev('/api/dev/download', { uid, songId: 'nope', quality: 'high' })).status).toBe(404);
    expect((await dev('/api/dev/download', { uid, songId: 's01', quality: 'ultra' })).status).toBe(422);
  });

  it("pages the seeded member's 30 downloads to the end", async () => {
    let cursor: string | null = null;
    const ids: string[] = [];
    do {
      const page: any = (await call('/api/music/downloads', { cursor, limit: 20 }, MEMBER)).body.data;
      ids.push(...page.items.map((d: any) => d.id));
      cursor = page.next;
    } while (cursor);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('music lists', () => {
  it('lists the catalogue playlists with their songs and their VIP, paid and spatial flags', async () => {
    const { playlists } = (await call('/api/music/lists', {}, fresh())).body.data;
    expect(playlists.map((p: any) => p.id)).toEqual(['p-daily', 'p-vip', 'p-spatial', 'p-new']);
    const spatial = playlists.find((p: any) => p.kind === 'spatial');
    expect(spatial.songs.every((s: any) => s.spatial)).toBe(true);
    expect(playlists.flatMap((p: any) => p.songs).some((s: any) => s.vip)).toBe(true);
    expect(playlists[0].songs[0]).toMatchObject({ id: expect.any(String), cover: expect.stringMatching(/^\/covers\//) });
  });

  it("names the playlists in the page's locale, and in the catalogue's words to a page that sends none", async () => {
    const names = async (body: object) => (await call('/api/music/lists', body, fresh())).body.data.playlists.map((p: any) => p.name);
    expect(await names({})).toEqual(['Daily Mix', 'VIP Lossless Picks', 'Spatial Audio', 'New This Week']);
    expect(await names({ locale: 'zh-CN' })).toEqual(['每日推荐', 'VIP 无损精选', '空间音频', '本周新歌']);
    expect((await names({ locale: 'th-TH' }))[0]).toBe('เพลงรวมประจำวัน');
    expect((await names({ locale: 'vi-VN' }))[3]).toBe('Mới trong tuần');
    expect((await call('/api/music/lists', { locale: 'xx-XX' }, fresh())).status).toBe(422);
  });
});

describe('playlist submission', () => {
  const songs = (n: number) => Array.from({ length: n }, (_, i) => `song-${i}`);
  const submit = (uid: string, body: Record<string, unknown> = {}) =>
    call('/api/submission', { playlistId: 'pl-1', name: ' Road trip ', songIds: songs(12), attempt: randomUUID(), ...body }, uid);

  it('takes one playlist of 10 to 200 songs at a time, once per attempt', async () => {
    const uid = fresh();
    expect((await call('/api/submission/status', {}, uid)).body.data).toEqual({ open: null, last: null });
    const attempt = randomUUID();
    const [a, b] = await Promise.all([submit(uid, { attempt }), submit(uid, { attempt })]);
    expect(a.status).toBe(200);
    expect(b.body.data.submission.id).toBe(a.body.data.submission.id);
    expect(a.body.data.submission).toMatchObject({ name: 'Road trip', songs: 12, state: 'reviewing' });
    expect(a.body.data.submission.reviewBy - a.body.data.submission.createdAt).toBe(3 * DAY);
    expect(await submit(uid)).toMatchObject({ status: 409, body: { code: 'submissionOpen' } });
    expect((await call('/api/submission/status', {}, uid)).body.data.open.id).toBe(a.body.data.submission.id);
    expect((await dev('/api/dev/submission', { uid, state: 'accepted' })).body.data.state).toBe('accepted');
    expect((await call('/api/submission/status', {}, uid)).body.data).toMatchObject({ open: null, last: { state: 'accepted' } });
    expect((await submit(uid)).status).toBe(200);
  });

  it('refuses fewer than 10 songs, more than 200, and a song twice', async () => {
    const uid = fresh();
    expect((await submit(uid, { songIds: songs(9) })).status).toBe(422);
    expect((await submit(uid, { songIds: songs(201) })).status).toBe(422);
    expect((await submit(uid, { songIds: [...songs(10), 'song-0'] })).status).toBe(422);
    expect((await submit(uid, { songIds: songs(10) })).status).toBe(200);
    expect((await dev('/api/dev/submission', { uid: fresh(), state: 'accepted' })).status).toBe(404);
  });
});
