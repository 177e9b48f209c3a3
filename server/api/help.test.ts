import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_UID } from '../db/seed';
import { FEEDBACK_FREE_PER_DAY, HELP_HANDLERS } from './help';
import { feedbackBody } from '../../tests/fixtures/bodies';
import { useApiServer } from '../../tests/fixtures/api-server';

const api = useApiServer('help-');
const { call, dev } = api;
const fresh = () => `u-${randomUUID().slice(0, 8)}`;
const count = (sql: string, ...params: string[]) => Number(api.db.prepare(sql).get(...params)!.n);

const send = (uid: string, body: Record<string, unknown> = {}) => call('/api/feedback', feedbackBody(body), uid);

describe('help centre', () => {
  it('lists the six categories with their questions in the locale, and the unread replies', async () => {
    const { body } = await call('/api/help/home', { locale: 'th-TH' }, DEMO_UID);
    expect(body.data.categories.map((c: any) => c.id)).toEqual(['playback', 'downloads', 'lyrics', 'membership', 'payment', 'account']);
    expect(body.data.categories[0].title).toBe('การเล่นเพลง');
    expect(body.data.categories.flatMap((c: any) => c.questions)).toHaveLength(28);
    expect(body.data.unread).toBe(1);
    expect(body.data.hotline.dial).toMatch(/^\+\d+$/);
    expect((await call('/api/help/home', { locale: 'en-US' }, fresh())).body.data.unread).toBe(0);
  });

  it('answers a question with its category and related questions; an unknown one is "No content yet"', async () => {
    const { body } = await call('/api/help/question', { id: 'playback-trial', locale: 'en-US' }, fresh());
    expect(body.data.question).toMatchObject({ id: 'playback-trial', category: 'playback', categoryTitle: 'Playback' });
    expect(body.data.question.answer).toContain('60');
    expect(body.data.related.length).toBeGreaterThan(0);
    expect(body.data.related.map((q: any) => q.id)).not.toContain('playback-trial');
    expect(body.data.vote).toBeNull();
    expect(await call('/api/help/question', { id: 'nope', locale: 'en-US' }, fresh())).toMatchObject({ status: 404, body: { code: 'noContent' } });
    expect(await call('/api/help/question', { id: '../etc', locale: 'en-US' }, fresh())).toMatchObject({ status: 422 });
  });

  it('searches question texts, answers and keywords with every word, question matches first', async () => {
    const hits = (await call('/api/help/search', { query: 'lyrics', locale: 'en-US' }, fresh())).body.data.results;
    expect(hits.length).toBeGreaterThan(2);
    expect(hits[0].question.toLowerCase()).toContain('lyrics');
    const zh = (await call('/api/help/search', { query: '歌词', locale: 'zh-CN' }, fresh())).body.data.results;
    expect(zh.length).toBeGreaterThan(0);
    expect((await call('/api/help/search', { query: 'qwertyuiop', locale: 'en-US' }, fresh())).body.data.results).toEqual([]);
    expect((await call('/api/help/search', { query: '   ', locale: 'en-US' }, fresh())).body.data.results).toEqual([]);
  });

  const search = async (query: string, locale: string): Promise<string[]> =>
    (await call('/api/help/search', { query, locale }, fresh())).body.data.results.map((r: any) => r.id);
  const REFUNDS = ['payment-refund-membership', 'payment-refund-auto-renewal', 'payment-refund-coins'];

  it.each([
    ['en-US', 'refund'],
    ['zh-CN', '退款'],
    ['zh-TW', '退款'],
    ['zh-HK', '退款'],
    ['id-ID', 'pengembalian dana'],
    ['ms-MY', 'bayaran balik'],
    ['fil-PH', 'refund'],
    ['vi-VN', 'hoàn tiền'],
    ['th-TH', 'คืนเงิน'],
  ])('finds the three refund questions in %s by "%s", in the locale', async (locale, query) => {
    expect(await search(query, locale)).toEqual(expect.arrayContaining(REFUNDS));
    const answer = async (locale: string) => (await call('/api/help/question', { id: 'payment-refund-membership', locale }, fresh())).body.data.question;
    const [question, english] = [await answer(locale), await answer('en-US')];
    expect(question.categoryTitle).toBe((await call('/api/help/home', { locale }, fresh())).body.data.categories[4].title);
    if (locale !== 'en-US') expect(question.answer).not.toBe(english.answer);
  });

  it('answers refunds as the Membership Agreement does: not once benefits started, except its three cases', async () => {
    const { body } = await call('/api/help/question', { id: 'payment-refund-membership', locale: 'en-US' }, fresh());
    expect(body.data.question.answer).toContain('not refunded');
    expect(body.data.question.answer).toContain('charged twice');
    expect(body.data.question.answer).toContain('order id');
  });

  it('finds in Vietnamese without accents or case what the accented query finds', async () => {
    const accented = await search('lời bài hát', 'vi-VN');
    expect(accented.length).toBeGreaterThanOrEqual(3);
    expect(await search('loi bai hat', 'vi-VN')).toEqual(accented);
    expect(await search('LOI BAI HAT', 'vi-VN')).toEqual(accented);
    expect(await search('hoan tien', 'vi-VN')).toEqual(expect.arrayContaining(REFUNDS));
  });

  it("finds by a locale's other word for a thing: thành viên for hội viên, รีฟันด์, 退钱, pulangan wang", async () => {
    const members = await search('hội viên', 'vi-VN');
    expect(members.length).toBeGreaterThan(0);
    expect(await search('thành viên', 'vi-VN')).toEqual(members);
    expect(await search('thanh vien', 'vi-VN')).toEqual(members);
    expect(await search('รีฟันด์', 'th-TH')).toEqual(expect.arrayContaining(REFUNDS));
    expect(await search('退钱', 'zh-CN')).toEqual(expect.arrayContaining(REFUNDS));
    expect(await search('pulangan wang', 'ms-MY')).toEqual(expect.arrayContaining(REFUNDS));
  });

  it("finds every question by each of its locale's keywords", async () => {
    const keywords: Record<string, Record<string, string[]>> = JSON.parse(readFileSync('server/db/seed/faq-keywords.json', 'utf8'));
    // The handler itself: some nine hundred searches over HTTP would take seconds.
    const found = (query: string, locale: string) =>
      (
        HELP_HANDLERS.helpSearch({ db: api.db, body: { query, locale } } as unknown as Parameters<typeof HELP_HANDLERS.helpSearch>[0]) as {
          results: { id: string }[];
        }
      ).results.map((r) => r.id);
    const missed = Object.entries(keywords).flatMap(([id, byLocale]) =>
      Object.entries(byLocale).flatMap(([locale, words]) =>
        words.filter((word) => !found(word, locale).includes(id)).map((word) => `${locale} ${id} "${word}"`),
      ),
    );
    expect(missed).toEqual([]);
  });

  it('counts the first vote of a user on a question', async () => {
    const uid = fresh();
    expect((await call('/api/help/vote', { id: 'lyrics-none', helpful: false }, uid)).body.data).toEqual({ helpful: false });
    expect((await call('/api/help/vote', { id: 'lyrics-none', helpful: true }, uid)).body.data).toEqual({ helpful: false });
    expect((await call('/api/help/question', { id: 'lyrics-none', locale: 'en-US' }, uid)).body.data.vote).toBe(false);
    expect(count('SELECT COUNT(*) AS n FROM faq_votes WHERE uid = ?', uid)).toBe(1);
  });
});

describe('feedback', () => {
  it('gives the types in the locale and the phone rule of the locale', async () => {
    const th = (await call('/api/feedback/config', { locale: 'th-TH' }, fresh())).body.data;
    expect(th.types.map((t: any) => t.id)).toEqual(['music', 'experience', 'interface', 'other']);
    expect(th).toMatchObject({ phoneOptional: true, codeRequired: false });
    expect((await call('/api/feedback/config', { locale: 'zh-CN' }, fresh())).body.data.phoneOptional).toBe(false);
  });

  it('names every feedback type in Filipino, and the answer that says which type to pick says it so', async () => {
    const labels = async (locale: string) => (await call('/api/feedback/config', { locale }, fresh())).body.data.types.map((t: any) => t.label);
    const fil = await labels('fil-PH');
    const en = await labels('en-US');
    expect(fil.filter((label: string, i: number) => label === en[i])).toEqual([]);
    const answer = (await call('/api/help/question', { id: 'lyrics-report-wrong', locale: 'fil-PH' }, fresh())).body.data.question.answer;
    expect(answer).toContain(fil[0]);
    expect(answer).not.toContain(en[0]);
  });

  it('names the song playing for /feedback2, null for an id the catalogue lacks, and only for a signed-in user', async () => {
    expect((await call('/api/feedback/song', { id: 's04' }, fresh())).body.data).toEqual({ song: { id: 's04', name: 'Saigon Rain', artist: 'Linh Nguyen' } });
    expect((await call('/api/feedback/song', { id: 's999' }, fresh())).body.data).toEqual({ song: null });
    expect((await call('/api/feedback/song', { id: "s04' OR '1'='1" }, fresh())).status).toBe(422);
    const anonymous = await api.callAs('/api/feedback/song', { id: 's04' }, { uid: '', app_sessionid: '' });
    expect(anonymous.status).not.toBe(200);
  });

  it('stores feedback once per attempt and lists it first, then shows it whole', async () => {
    const uid = fresh();
    const body = feedbackBody({
      attachments: [{ id: 'f1', name: 'clip.mp4', mime: 'video/mp4', size: 10, url: 'https://cdn.example.com/f1' }],
      song: 's04',
      log: 'https://cdn.example.com/log',
    });
    const [a, b] = await Promise.all([call('/api/feedback', body, uid), call('/api/feedback', body, uid)]);
    expect(a.status).toBe(200);
    expect(b.body.data.feedback.id).toBe(a.body.data.feedback.id);
    expect(count('SELECT COUNT(*) AS n FROM feedback WHERE uid = ?', uid)).toBe(1);
    const list = (await call('/api/feedback/list', { cursor: null, limit: 20, locale: 'en-US' }, uid)).body.data;
    expect(list).toEqual({ items: [a.body.data.feedback], next: null });
    expect(list.items[0]).toMatchObject({ state: 'submitted', unread: false, excerpt: 'The lyrics are two seconds late.' });
    const detail = (await call('/api/feedback/detail', { id: a.body.data.feedback.id, locale: 'th-TH' }, uid)).body.data;
    expect(detail.feedback).toMatchObject({
      type: 'music',
      typeLabel: 'เนื้อหาเพลง',
      log: true,
      song: { id: 's04', name: 'Saigon Rain' },
      attachments: [{ name: 'clip.mp4' }],
    });
    expect(detail.messages).toEqual([]);
    expect(await call('/api/feedback/detail', { id: a.body.data.feedback.id, locale: 'en-US' }, fresh())).toMatchObject({ status: 404 });
  });

  it('refuses what the form refuses', async () => {
    const uid = fresh();
    for (const bad of [
      { type: 'billing' },
      { description: '' },
      { description: 'x'.repeat(400) },
      { contact: '' },
      { contact: 'a@b' },
      { important: true, phone: '', locale: 'zh-CN' },
      { phone: 'me@example.com' },
      { screenshots: [{ id: 'g', name: 'a.gif', mime: 'image/gif', size: 1 }] },
      { attachments: [{ id: 'd', name: 'a.pdf', mime: 'application/pdf', size: 1, url: 'u' }] },
    ]) {
      expect((await send(uid, bad)).status).toBe(422);
    }
    expect(count('SELECT COUNT(*) AS n FROM feedback WHERE uid = ?', uid)).toBe(0);
    // Optional phone for an important question where the locale says so.
    expect((await send(uid, { important: true, phone: '', locale: 'th-TH' })).status).toBe(200);
    expect((await send(uid, { important: true, phone: '+86 138 0013 8000', locale: 'zh-CN' })).status).toBe(200);
  });

  it(`asks for a code after ${FEEDBACK_FREE_PER_DAY} a day: a wrong one is refused, the right one works once`, async () => {
    const uid = fresh();
    for (let i = 0; i < FEEDBACK_FREE_PER_DAY; i++) expect((await send(uid)).status).toBe(200);
    expect((await call('/api/feedback/config', { locale: 'en-US' }, uid)).body.data.codeRequired).toBe(true);
    expect(await send(uid)).toMatchObject({ status: 428, body: { code: 'codeRequired' } });
    expect((await call('/api/feedback/code', { contact: 'me@example.com' }, uid)).body.data.resendAfter).toBe(60);
    // A second code inside the minute is refused, so the first stays the one to type (tests/security/limits.test.ts has the rest).
    expect(await call('/api/feedback/code', { contact: 'me@example.com' }, uid)).toMatchObject({ status: 429, body: { code: 'codeTooSoon' } });
    const { code } = (await dev('/api/dev/feedback-code', { uid })).body.data;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await send(uid, { code: wrong })).toMatchObject({ status: 422, body: { code: 'codeError' } });
    expect(await send(uid, { code, contact: 'other@example.com' })).toMatchObject({ status: 422, body: { code: 'codeError' } });
    expect((await send(uid, { code })).status).toBe(200);
    expect(await send(uid, { code })).toMatchObject({ status: 422, body: { code: 'codeError' } });
  });

  it('pages newest first with a cursor to the end', async () => {
    const uid = fresh();
    for (let i = 0; i < 3; i++)
      api.db
        .prepare(
          `INSERT INTO feedback (id, uid, attempt, type, description, contact, attachments, screenshots, locale, state, created_at, updated_at) VALUES (?, ?, ?, 'other', 'x', 'a@b.co', '[]', '[]', 'en-US', 'submitted', ?, ?)`,
        )
        .run(`fb-p${i}`, uid, `a${i}`, 1000 + i, 1000 + i);
    const first = (await call('/api/feedback/list', { cursor: null, limit: 2, locale: 'en-US' }, uid)).body.data;
    expect(first.items.map((f: any) => f.id)).toEqual(['fb-p2', 'fb-p1']);
    const second = (await call('/api/feedback/list', { cursor: first.next, limit: 2, locale: 'en-US' }, uid)).body.data;
    expect(second).toMatchObject({ items: [{ id: 'fb-p0' }], next: null });
    expect((await call('/api/feedback/list', { cursor: 'bad cursor', limit: 2, locale: 'en-US' }, uid)).status).toBe(422);
  });

  it('threads replies and follow-ups: a reply is unread until opened, a follow-up reopens it', async () => {
    const uid = fresh();
    const id = (await send(uid)).body.data.feedback.id;
    expect((await dev('/api/dev/feedback-reply', { feedbackId: id, text: 'Fixed, thanks!' })).status).toBe(200);
    expect((await call('/api/help/home', { locale: 'en-US' }, uid)).body.data.unread).toBe(1);
    expect((await call('/api/feedback/list', { cursor: null, limit: 5, locale: 'en-US' }, uid)).body.data.items[0]).toMatchObject({
      state: 'replied',
      unread: true,
    });
    const detail = (await call('/api/feedback/detail', { id, locale: 'en-US' }, uid)).body.data;
    expect(detail.messages.map((m: any) => [m.from, m.text])).toEqual([['support', 'Fixed, thanks!']]);
    expect((await call('/api/feedback/list', { cursor: null, limit: 5, locale: 'en-US' }, uid)).body.data.items[0].unread).toBe(false);
    const attempt = randomUUID();
    const [x, y] = await Promise.all([
      call('/api/feedback/follow-up', { id, text: 'Still late on my phone.', attempt }, uid),
      call('/api/feedback/follow-up', { id, text: 'Still late on my phone.', attempt }, uid),
    ]);
    expect(y.body.data.message.id).toBe(x.body.data.message.id);
    expect((await call('/api/feedback/list', { cursor: null, limit: 5, locale: 'en-US' }, uid)).body.data.items[0].state).toBe('inProgress');
    expect((await call('/api/feedback/follow-up', { id, text: ' ', attempt: randomUUID() }, uid)).status).toBe(422);
    expect((await call('/api/feedback/follow-up', { id, text: 'hi', attempt: randomUUID() }, fresh())).status).toBe(404);
    expect((await dev('/api/dev/feedback-reply', { feedbackId: 'fb-none', text: 'x' })).status).toBe(404);
  });

  it("seeds the default user's feedback in every state", async () => {
    const items = (await call('/api/feedback/list', { cursor: null, limit: 10, locale: 'en-US' }, DEMO_UID)).body.data.items;
    expect(items.map((f: any) => f.state)).toEqual(['submitted', 'inProgress', 'replied']);
    expect(items.map((f: any) => f.unread)).toEqual([false, false, true]);
  });

  it("shows the demo threads in the page's locale, and in English to an English page", async () => {
    const list = async (locale: string) => (await call('/api/feedback/list', { cursor: null, limit: 10, locale }, DEMO_UID)).body.data.items;
    expect((await list('th-TH')).map((f: any) => f.excerpt)).toEqual([
      'ช่องค้นหาถูกแป้นพิมพ์บังเมื่อใช้งานในแนวนอน',
      'การดาวน์โหลดหยุดเมื่อหน้าจอดับ',
      'เนื้อเพลง Saigon Rain ช้าไปประมาณสองวินาทีในท่อนที่สอง',
    ]);
    expect((await list('en-US'))[1].excerpt).toBe('Downloads stop when the screen turns off.');
    const thread = (await call('/api/feedback/detail', { id: 'fb-demo-progress', locale: 'vi-VN' }, DEMO_UID)).body.data;
    expect(thread.feedback.description).toBe('Quá trình tải xuống bị dừng khi tắt màn hình.');
    expect(thread.messages.map((m: any) => m.text)).toEqual([
      'Chúng tôi đang kiểm tra vấn đề này. Bạn đang dùng mẫu điện thoại nào và phiên bản Android nào?',
      'OPPO Find X5, Android 14.',
    ]);
  });
});
