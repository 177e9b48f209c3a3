import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultState } from '../fake-host/state';
import enUS from '../../src/shared/messages/en-US.json';
import thTH from '../../src/shared/messages/th-TH.json';
import zhCN from '../../src/shared/messages/zh-CN.json';
import { formatDate } from '../../src/shared/format';
import { nextDayStart } from '../../src/shared/personal/rules';
import { PdfPasswordError, openPdf } from '../../tests/fixtures/pdf-reader';
import { DEMO_UID } from '../db/seed';
import { SERVICE_TIME_ZONE, exportTimeZone } from './personal';
import { DAY } from '../time';
import { useApiServer } from '../../tests/fixtures/api-server';

// Noon in Singapore today: the minutes the tests move on never cross the day the limit counts in.
const today = new Date();
let clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 4);
const api = useApiServer('personal-', { now: () => clock });
const { call, dev } = api;
const fresh = () => `u-${randomUUID().slice(0, 8)}`;
/** Each user's own address: codes go to one address once a minute, whoever asks (server/api/codes.ts). */
const mailOf = (uid: string) => `${uid}@example.com`;
/** A code to the user's address; a minute on first, as a second code for one user must wait that long. */
const codeFor = async (uid: string, email = mailOf(uid)) => {
  clock += 60_000;
  const reply = await dev('/api/dev/export-captcha', { uid, email });
  expect(reply.status).toBe(200);
  return reply.body.data.code as string;
};
/** The PDF of export `id` as its owner's page gets it: a sealed request with the owner's session. */
const pdfOf = async (uid: string, id: string) => Buffer.from((await call('/api/personal/export/pdf', { id }, uid)).body.data.pdf as string, 'base64');
const request = (uid: string, body: Record<string, unknown>) =>
  call('/api/personal/export', { email: mailOf(uid), code: '', password: '123456', timeZone: 'Asia/Singapore', attempt: randomUUID(), ...body }, uid);

describe('personal info', () => {
  it('gives the account with the phone masked but for its last four digits, and empty for an unknown one', async () => {
    expect((await call('/api/personal/info', {}, DEMO_UID)).body.data.account).toEqual({
      nickname: 'Test User',
      phone: '••••••0000',
      registeredAt: Date.UTC(2024, 0, 2, 2) / 1000,
    });
    expect((await call('/api/personal/info', {}, fresh())).body.data.account).toEqual({ nickname: '', phone: '', registeredAt: null });
  });
});

describe('personal-data export', () => {
  it('sends one a day: the code proves the e-mail, the file is a real PDF until it expires', async () => {
    const uid = fresh();
    const code = await codeFor(uid);
    const attempt = randomUUID();
    const [a, b] = await Promise.all([request(uid, { code, attempt }), request(uid, { code, attempt })]);
    expect(a.status).toBe(200);
    expect(b.body.data.export.id).toBe(a.body.data.export.id);
    expect(a.body.data.export).toMatchObject({ email: 'u•••@example.com', state: 'sent' });
    expect(a.body.data.export.expiresAt - a.body.data.export.sentAt).toBe(7 * DAY);
    const row = api.db.prepare('SELECT password_hash FROM exports WHERE uid = ?').get(uid)!;
    expect(String(row.password_hash)).not.toContain('123456');

    const status = (await call('/api/personal/exports', { timeZone: 'Asia/Singapore' }, uid)).body.data;
    expect(status.exports).toHaveLength(1);
    expect(status.nextAllowedAt).toBeGreaterThan(Math.floor(clock / 1000));
    // A second request the same day, even with a fresh code, is refused with the spec's message.
    expect(await request(uid, { code: await codeFor(uid) })).toMatchObject({ status: 429, body: { code: 'downloadLimit' } });

    const file = (await call('/api/personal/export/file', { id: a.body.data.export.id }, uid)).body.data;
    expect(file.sections[0].rows).toContainEqual({ label: 'nickname', value: '' });
    expect(file.fileName).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await pdfOf(uid, a.body.data.export.id);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-2.0');
    expect(bytes.toString('latin1')).toMatch(/%%EOF\n$/);
    // Encrypted with the password the request set, and only that one.
    expect(openPdf(bytes, '123456').pageTexts()[0]).toContain('Nickname: No data');
    expect(() => openPdf(bytes, '654321')).toThrow(PdfPasswordError);
    expect((await call('/api/personal/export/file', { id: a.body.data.export.id }, fresh())).status).toBe(410);
    expect((await call('/api/personal/export/pdf', { id: a.body.data.export.id }, fresh())).status).toBe(410);

    expect((await dev('/api/dev/export-state', { exportId: a.body.data.export.id, state: 'expired' })).status).toBe(200);
    expect(await call('/api/personal/export/file', { id: a.body.data.export.id }, uid)).toMatchObject({ status: 410, body: { code: 'noContent' } });
    expect(await call('/api/personal/export/pdf', { id: a.body.data.export.id }, uid)).toMatchObject({ status: 410, body: { code: 'noContent' } });
    expect((await call('/api/personal/exports', { timeZone: 'UTC' }, uid)).body.data.exports[0].state).toBe('expired');
  });

  it('writes the account in any script of the nine locales, encrypted with the password the user set', async () => {
    const uid = fresh();
    const nickname = '测试用户 測試用戶 ผู้ทดสอบ Người dùng thử';
    api.db.prepare('INSERT INTO accounts (uid, nickname, phone, registered_at) VALUES (?, ?, ?, ?)').run(uid, nickname, '+6580001234', 1_700_000_000);
    const made = await request(uid, { code: await codeFor(uid), password: '024680' });
    expect(made.status).toBe(200);
    const bytes = await pdfOf(uid, made.body.data.export.id);
    const text = openPdf(bytes, '024680').pageTexts().join('\n');
    expect(text).toContain(`Nickname: ${nickname}`);
    // The user's own file: the whole number, not the page's masked one.
    expect(text).toContain('Phone number: +6580001234');
    expect(text).not.toContain('••••');
    expect(() => openPdf(bytes, '123456')).toThrow(PdfPasswordError);
    // The password itself is nowhere: not in the row, not in the file.
    const row = api.db.prepare('SELECT * FROM exports WHERE uid = ?').get(uid)!;
    expect(JSON.stringify({ ...row, file: null })).not.toContain('024680');
    expect(bytes.includes(Buffer.from('024680'))).toBe(false);
  });

  it('refuses a wrong code, a code sent to another address, a bad e-mail or password', async () => {
    const uid = fresh();
    const code = await codeFor(uid);
    expect(await request(uid, { code: code === '000000' ? '111111' : '000000' })).toMatchObject({ status: 422, body: { code: 'codeError' } });
    expect(await request(uid, { code, email: 'other@example.com' })).toMatchObject({ status: 422, body: { code: 'codeError' } });
    expect(await request(uid, { code, email: 'me@example' })).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    for (const password of ['12345', '1234567', 'abcdef', '']) expect((await request(uid, { code, password })).status).toBe(422);
    expect(api.db.prepare('SELECT COUNT(*) AS n FROM exports WHERE uid = ?').get(uid)!.n).toBe(0);
    expect((await request(uid, { code })).status).toBe(200);
  });

  // The day was once the request's time zone, so two zones 26 hours apart gave two exports in
  // one real day. Now it is the day of the user's region, whatever zone the page names.
  it('counts the day in the region of the account, not in a zone the request names', async () => {
    const uid = fresh();
    expect((await request(uid, { code: await codeFor(uid), timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect(await request(uid, { code: await codeFor(uid), timeZone: 'Pacific/Pago_Pago' })).toMatchObject({ status: 429, body: { code: 'downloadLimit' } });
    expect(await request(uid, { code: await codeFor(uid), timeZone: 'Etc/GMT+12' })).toMatchObject({ status: 429, body: { code: 'downloadLimit' } });
    // The next one is allowed at the next midnight of the service's region (no account row: Singapore),
    // whichever zone the page asks in.
    const midnight = Math.floor(nextDayStart(clock, SERVICE_TIME_ZONE) / 1000);
    for (const timeZone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      expect((await call('/api/personal/exports', { timeZone }, uid)).body.data.nextAllowedAt).toBe(midnight);
    }
  });

  it("takes the region from the account's phone: a +60 account's day ends at midnight in Kuala Lumpur", () => {
    api.db.prepare('INSERT INTO accounts (uid, nickname, phone, registered_at) VALUES (?, ?, ?, ?)').run('u-my-zone', 'Ana', '+60 12 345 6789', 0);
    expect(exportTimeZone(api.db, 'u-my-zone')).toBe('Asia/Kuala_Lumpur');
    expect(exportTimeZone(api.db, DEMO_UID)).toBe('Asia/Singapore');
    expect(exportTimeZone(api.db, 'nobody')).toBe(SERVICE_TIME_ZONE);
  });
});

describe('what the file holds: what /accountData.html and /deviceData.html show, in the page language', () => {
  /** What the app's getPersonalInfo says (the fake host's default), as the page sends it. */
  const APP = { ...defaultState().personalInfo, nickname: 'App Nickname' };
  /** The decrypted file's lines, for a request with `body` on top of a valid one. */
  async function fileLines(uid: string, body: Record<string, unknown> = {}): Promise<string[]> {
    const made = await request(uid, { code: await codeFor(uid), ...body });
    expect(made.status).toBe(200);
    const bytes = await pdfOf(uid, made.body.data.export.id);
    return openPdf(bytes, '123456').pageTexts().join('\n').split('\n');
  }

  it('th-TH: both sections, the labels of the pages, a Thai and a Han name, the whole phone number, the date as Thai readers write it', async () => {
    const uid = fresh();
    const nickname = 'ผู้ทดสอบ 测试用户 測試用戶';
    api.db.prepare('INSERT INTO accounts (uid, nickname, phone, registered_at) VALUES (?, ?, ?, ?)').run(uid, nickname, '+66812345678', 1_700_000_000);
    const lines = await fileLines(uid, { locale: 'th-TH', appInfo: APP });
    const p = thTH.personal;
    const registered = formatDate(1_700_000_000, 'th-TH', { timeZone: 'Asia/Singapore', style: 'datetime' });
    expect(registered).toContain('2566');
    expect(lines).toEqual([
      p.fileTitle,
      '',
      p.accountData,
      // The backend's account first, as on /accountData.html; the app's values only fill gaps.
      `${p.nickname}: ${nickname}`,
      `${p.phone}: +66812345678`,
      `${p.registerTime}: ${registered}`,
      '',
      p.deviceData,
      `${p.deviceBrand}: OPPO`,
      `${p.deviceModel}: CPH2451`,
      `${p.ip}: 10.0.0.1`,
      `${p.osName}: ColorOS`,
      `${p.osVersion}: 14`,
      `${p.appVersion}: 12.3.0`,
    ]);
    // The app's words are printed into the file and kept nowhere else.
    const row = api.db.prepare('SELECT * FROM exports WHERE uid = ?').get(uid)!;
    expect(JSON.stringify({ ...row, file: null })).not.toMatch(/CPH2451|10\.0\.0\.1|ColorOS/);
  });

  it('zh-CN, no account row: what the app knows, its phone number whole, and "No data" for what nobody knows', async () => {
    const uid = fresh();
    const lines = await fileLines(uid, {
      locale: 'zh-CN',
      appInfo: { nickname: '测试用户', phone: '+65 8000 0000', registerTime: '2024-01-02 10:00:00', deviceBrand: 'OPPO', ip: '' },
    });
    const p = zhCN.personal;
    const none = zhCN.error.noData;
    expect(lines).toEqual([
      p.fileTitle,
      '',
      p.accountData,
      `${p.nickname}：测试用户`,
      `${p.phone}：+65 8000 0000`,
      // The app's time as it sends it, as the page shows it.
      `${p.registerTime}：2024-01-02 10:00:00`,
      '',
      p.deviceData,
      `${p.deviceBrand}：OPPO`,
      `${p.deviceModel}：${none}`,
      `${p.ip}：${none}`,
      `${p.osName}：${none}`,
      `${p.osVersion}：${none}`,
      `${p.appVersion}：${none}`,
    ]);
  });

  it('no account row and nothing from the app (an older page): every field, each saying it is unknown, in en-US', async () => {
    const lines = await fileLines(fresh());
    const p = enUS.personal;
    const none = enUS.error.noData;
    expect(lines).toEqual([
      p.fileTitle,
      '',
      p.accountData,
      ...[p.nickname, p.phone, p.registerTime].map((label) => `${label}: ${none}`),
      '',
      p.deviceData,
      ...[p.deviceBrand, p.deviceModel, p.ip, p.osName, p.osVersion, p.appVersion].map((label) => `${label}: ${none}`),
    ]);
  });

  it('refuses app info beyond the allow-list or its lengths, and a locale that is not one of the nine', async () => {
    const uid = fresh();
    const code = await codeFor(uid);
    for (const body of [
      { appInfo: { ...APP, email: 'me@example.com' } },
      { appInfo: { deviceModel: 'M'.repeat(65) } },
      { appInfo: { ip: 7 } },
      { appInfo: 'OPPO' },
      { locale: 'fr-FR' },
    ]) {
      expect(await request(uid, { code, ...body })).toMatchObject({ status: 422, body: { code: 'badRequest' } });
    }
    expect(api.db.prepare('SELECT COUNT(*) AS n FROM exports WHERE uid = ?').get(uid)!.n).toBe(0);
    expect((await request(uid, { code, appInfo: { deviceModel: 'M'.repeat(64) } })).status).toBe(200);
  });
});

describe('the file', () => {
  /** A user with an export sent. */
  async function exported(uid = fresh()) {
    const made = await request(uid, { code: await codeFor(uid) });
    return { uid, id: made.body.data.export.id as string };
  }

  it('comes to its owner as base64 in a sealed answer, with its name; the page shows no link', async () => {
    const { uid, id } = await exported();
    const shown = (await call('/api/personal/export/file', { id }, uid)).body.data;
    expect(Object.keys(shown).sort()).toEqual(['expiresAt', 'fileName', 'sections']);
    const answer = await call('/api/personal/export/pdf', { id }, uid);
    expect(answer.status).toBe(200);
    expect(answer.body.data.fileName).toBe(shown.fileName);
    expect(openPdf(Buffer.from(answer.body.data.pdf, 'base64'), '123456').pageTexts()[0]).toContain('Account data');
  });

  it('refuses (410 noContent) another user, an unknown id and an expired file alike', async () => {
    const { uid, id } = await exported();
    const NO_CONTENT = { status: 410, body: { code: 'noContent', message: enUS.error.noContent } };
    const stranger = await call('/api/personal/export/pdf', { id }, fresh());
    expect(stranger).toEqual(NO_CONTENT);
    expect(await call('/api/personal/export/pdf', { id: 'ex-none' }, fresh())).toEqual(NO_CONTENT);
    expect((await dev('/api/dev/export-state', { exportId: id, state: 'expired' })).status).toBe(200);
    expect(await call('/api/personal/export/pdf', { id }, uid)).toEqual(NO_CONTENT);
  });
});
