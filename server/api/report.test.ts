import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_UID } from '../db/seed';
import { DAY } from '../time';
import { useApiServer } from '../../tests/fixtures/api-server';

// Each test reports as its own user, so one test's reports do not make another's a duplicate.
const api = useApiServer('report-');
const { call, dev } = api;
const fresh = () => `u-${randomUUID().slice(0, 8)}`;
const count = (sql: string, ...params: string[]) => Number(api.db.prepare(sql).get(...params)!.n);

const target = (uid: string, type: string, id: string, locale?: string) => call('/api/report/target', { type, id, locale }, uid);
const submit = (uid: string, body: Record<string, unknown>) =>
  call('/api/report', { type: 'comment', id: 'c1', reason: 'spam', description: '', attempt: randomUUID(), ...body }, uid);

const appealBody = (subjectId: string, body: Record<string, unknown> = {}) => ({
  subjectId,
  reason: 'misjudged',
  description: 'My comment was about the song, not an advert.',
  contact: 'me@example.com',
  screenshots: [],
  attempt: randomUUID(),
  ...body,
});
const subjectFor = async (uid: string, kind: 'comment' | 'restriction' = 'comment') => {
  const reply = await dev('/api/dev/moderation', { uid, kind });
  expect(reply.status).toBe(200);
  return reply.body.data.subjectId as string;
};
const subjects = async (uid: string) => (await call('/api/appeal/status', {}, uid)).body.data.subjects as any[];

describe('report target', () => {
  it('shows a visible comment with its author, and a song or playlist by name', async () => {
    expect((await target(fresh(), 'comment', 'c1')).body.data.target).toEqual({
      type: 'comment',
      id: 'c1',
      title: 'This chorus lives in my head rent-free. Best song of the year!',
      detail: 'Mira fan club',
    });
    expect((await target(fresh(), 'song', 's01')).body.data.target).toMatchObject({ title: 'Harbour Lights', detail: 'Mira Tan' });
    expect((await target(fresh(), 'playlist', 'p-daily')).body.data.target).toMatchObject({ title: 'Daily Mix', detail: null });
    expect((await target(fresh(), 'user', '20845')).body.data.target).toEqual({ type: 'user', id: '20845', title: null, detail: null });
  });

  it("names a playlist in the page's locale, as the song lists do, and refuses a locale not on the list", async () => {
    expect((await target(fresh(), 'playlist', 'p-daily', 'vi-VN')).body.data.target).toMatchObject({ title: 'Tuyển tập mỗi ngày' });
    expect((await target(fresh(), 'playlist', 'p-daily', 'th-TH')).body.data.target).toMatchObject({ title: 'เพลงรวมประจำวัน' });
    expect(await target(fresh(), 'playlist', 'p-daily', 'xx-XX')).toMatchObject({ status: 422 });
  });

  it('answers contentGone for a removed comment and for content or a user that never existed', async () => {
    for (const [type, id] of [
      ['comment', 'c-removed'],
      ['comment', 'nope'],
      ['song', 's999'],
      ['playlist', 'p-none'],
      ['user', 'zzz-not-a-user'],
    ]) {
      expect(await target(fresh(), type!, id!)).toMatchObject({ status: 410, body: { code: 'contentGone' } });
    }
  });

  it('refuses ids that are not ids', async () => {
    for (const id of ['', '<script>', 'a b', 'x'.repeat(65)]) {
      expect(await target(fresh(), 'comment', id)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    }
    expect(await target(fresh(), 'album', 's01')).toMatchObject({ status: 422 });
  });
});

describe('report', () => {
  it('stores a report once per attempt: a double tap answers the first report', async () => {
    const uid = fresh();
    const attempt = randomUUID();
    const [a, b] = await Promise.all([submit(uid, { attempt }), submit(uid, { attempt })]);
    expect(a.status).toBe(200);
    expect(b.body.data.report.id).toBe(a.body.data.report.id);
    expect(a.body.data).toMatchObject({ report: { state: 'received' }, duplicate: false });
    expect(count('SELECT COUNT(*) AS n FROM reports WHERE uid = ?', uid)).toBe(1);
  });

  it('answers an open report on the same content as a duplicate, without a second row', async () => {
    const uid = fresh();
    const first = await submit(uid, {});
    const again = await submit(uid, { reason: 'abuse' });
    expect(again.body.data).toEqual({ report: first.body.data.report, duplicate: true });
    expect(count('SELECT COUNT(*) AS n FROM reports WHERE uid = ?', uid)).toBe(1);
    // Another user's report on the same comment is their own.
    expect((await submit(fresh(), {})).body.data.duplicate).toBe(false);
  });

  it('keeps the trimmed description', async () => {
    const uid = fresh();
    const reply = await submit(uid, { description: '  asks for passwords  ' });
    const row = api.db.prepare('SELECT description, reason, target_type, target_id FROM reports WHERE id = ?').get(reply.body.data.report.id);
    expect(row).toEqual({ description: 'asks for passwords', reason: 'spam', target_type: 'comment', target_id: 'c1' });
  });

  it('refuses a reason not offered for the type, "other" without a description, and 400 characters or more', async () => {
    const uid = fresh();
    expect(await submit(uid, { reason: 'impersonation' })).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    expect(await submit(uid, { reason: 'other', description: '   ' })).toMatchObject({ status: 422 });
    expect(await submit(uid, { description: 'x'.repeat(400) })).toMatchObject({ status: 422 });
    // Code points, not UTF-16 units: 399 emoji are 798 units and still under the limit.
    expect(await submit(uid, { description: '👍'.repeat(399) })).toMatchObject({ status: 200 });
    expect(await submit(fresh(), { reason: 'nonsense' })).toMatchObject({ status: 422 });
    expect(count('SELECT COUNT(*) AS n FROM reports WHERE uid = ?', uid)).toBe(1);
  });

  it('refuses content that is gone, even when it disappears after the page loaded', async () => {
    const uid = fresh();
    expect(await submit(uid, { id: 'c-removed' })).toMatchObject({ status: 410, body: { code: 'contentGone' } });
    const attempt = randomUUID();
    expect((await submit(uid, { id: 'c2', attempt })).status).toBe(200);
    expect((await dev('/api/dev/comments/remove', { id: 'c2' })).status).toBe(200);
    // The report already sent still answers its retry; a new one is refused.
    expect((await submit(uid, { id: 'c2', attempt })).status).toBe(200);
    expect(await submit(fresh(), { id: 'c2' })).toMatchObject({ status: 410 });
    expect((await dev('/api/dev/comments/remove', { id: 'c2' })).status).toBe(404);
  });

  it('reports songs, lyrics, playlists and users with their own reasons', async () => {
    const uid = fresh();
    expect((await submit(uid, { type: 'song', id: 's02', reason: 'infringement' })).status).toBe(200);
    expect((await submit(uid, { type: 'lyrics', id: 's02', reason: 'inaccurate' })).status).toBe(200);
    expect((await submit(uid, { type: 'playlist', id: 'p-new', reason: 'spam' })).status).toBe(200);
    expect((await submit(uid, { type: 'user', id: '20845', reason: 'impersonation' })).status).toBe(200);
    expect(count('SELECT COUNT(*) AS n FROM reports WHERE uid = ?', uid)).toBe(4);
  });
});

describe('appeal', () => {
  it("lists the default user's removed comment and comment ban, newest first, without appeals", async () => {
    const list = await subjects(DEMO_UID);
    // The ban came an hour after the removal.
    expect(list.map((s) => [s.id, s.kind, s.appeal])).toEqual([
      ['r-demo-mute', 'restriction', null],
      ['c-demo-removed', 'comment', null],
    ]);
    const ban = list.find((s) => s.kind === 'restriction');
    expect(ban.until - ban.at).toBe(7 * DAY);
    expect(list.find((s) => s.kind === 'comment').text).toBe('The drummer on this track is out of his mind, in the best way.');
  });

  it('gives a new user nothing to appeal', async () => {
    expect(await subjects(fresh())).toEqual([]);
  });

  it('takes one appeal per subject, once per attempt, with its screenshots and contact', async () => {
    const uid = fresh();
    const subjectId = await subjectFor(uid);
    const body = appealBody(subjectId, { screenshots: [{ id: 'p1', name: 'a.png', mime: 'image/png', size: 10 }], contact: ' +65 8123 4567 ' });
    const [a, b] = await Promise.all([call('/api/appeal', body, uid), call('/api/appeal', body, uid)]);
    expect(a.status).toBe(200);
    expect(b.body.data.appeal.id).toBe(a.body.data.appeal.id);
    expect(a.body.data.appeal).toMatchObject({ reason: 'misjudged', state: 'submitted', decidedAt: null });
    const row = api.db.prepare('SELECT contact, contact_kind, screenshots FROM appeals WHERE uid = ?').get(uid);
    expect(row).toEqual({ contact: '+6581234567', contact_kind: 'phone', screenshots: '[{"id":"p1","name":"a.png","mime":"image/png","size":10}]' });
    expect(await call('/api/appeal', appealBody(subjectId), uid)).toMatchObject({ status: 409, body: { code: 'appealOpen' } });
    expect((await subjects(uid))[0].appeal).toEqual(a.body.data.appeal);
  });

  it('refuses what the form refuses: empty or long description, a bad contact, a sixth or a gif screenshot', async () => {
    const uid = fresh();
    const subjectId = await subjectFor(uid, 'restriction');
    const shot = (n: number, mime = 'image/jpeg') => ({ id: `p${n}`, name: `s${n}.jpg`, mime, size: 1 });
    for (const bad of [
      { description: ' ' },
      { description: 'x'.repeat(400) },
      { contact: '' },
      { contact: 'a@b' },
      { contact: '12' },
      { contact: 'call me' },
      { screenshots: [1, 2, 3, 4, 5, 6].map((n) => shot(n)) },
      { screenshots: [{ id: 'g', name: 'x.gif', mime: 'image/gif', size: 1 }] },
    ]) {
      expect(await call('/api/appeal', appealBody(subjectId, bad), uid)).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    }
    expect(count('SELECT COUNT(*) AS n FROM appeals WHERE uid = ?', uid)).toBe(0);
    expect(
      (await call('/api/appeal', appealBody(subjectId, { screenshots: [1, 2, 3, 4, 5].map((n) => shot(n, n === 5 ? 'image/bmp' : 'image/png')) }), uid)).status,
    ).toBe(200);
  });

  it("refuses another user's subject as unknown", async () => {
    const subjectId = await subjectFor(fresh());
    expect(await call('/api/appeal', appealBody(subjectId), fresh())).toMatchObject({ status: 404, body: { code: 'notFound' } });
  });

  it('upholding restores the comment and ends the restriction; a decision is final', async () => {
    const uid = fresh();
    const comment = await subjectFor(uid);
    const ban = await subjectFor(uid, 'restriction');
    expect((await call('/api/appeal', appealBody(comment), uid)).status).toBe(200);
    expect((await call('/api/appeal', appealBody(ban), uid)).status).toBe(200);
    expect((await target(uid, 'comment', comment)).status).toBe(410);
    expect((await dev('/api/dev/appeal', { subjectId: comment, state: 'reviewing' })).body.data).toMatchObject({ state: 'reviewing', decidedAt: null });
    expect((await dev('/api/dev/appeal', { subjectId: comment, state: 'upheld' })).body.data.state).toBe('upheld');
    expect((await target(uid, 'comment', comment)).status).toBe(200);
    expect((await dev('/api/dev/appeal', { subjectId: comment, state: 'rejected' })).body.data.state).toBe('upheld');
    await dev('/api/dev/appeal', { subjectId: ban, state: 'upheld' });
    const list = await subjects(uid);
    const lifted = list.find((s) => s.id === ban);
    expect(lifted.until).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(list.map((s) => s.appeal.state).sort()).toEqual(['upheld', 'upheld']);
    expect((await dev('/api/dev/appeal', { subjectId: 'c-none', state: 'upheld' })).status).toBe(404);
    expect((await dev('/api/dev/appeal', { subjectId: comment, state: 'open' })).status).toBe(422);
  });
});

describe('dev rows', () => {
  it("counts a user's submissions per table, and nobody else's", async () => {
    const uid = fresh();
    expect((await dev('/api/dev/rows', { uid })).body.data).toMatchObject({ reports: 0, appeals: 0, feedback: 0 });
    await submit(uid, {});
    await submit(fresh(), {});
    expect((await dev('/api/dev/rows', { uid })).body.data).toEqual({
      vip_orders: 0,
      coin_orders: 0,
      reports: 1,
      appeals: 0,
      feedback: 0,
      exports: 0,
      submissions: 0,
    });
    expect((await dev('/api/dev/rows', { nope: 1 })).status).toBe(422);
  });
});
