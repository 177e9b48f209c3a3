import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { expect, test } from '../fixtures/app';
import { hostCalls, watch, withHost } from '../fixtures/pages';
import { openPdf } from '../fixtures/pdf-reader';
import type { MessageKey } from '../../src/shared/message-key';
import { before, pattern, t } from '../fixtures/text';

// Each test a user of its own: one export a day per user. The fake host sends codes through the dev route.
test.use({ hostDefaults: { captchaUrl: '/api/dev/export-captcha', replyDelayMs: 30 } });

const codeOf = async (page: Page, uid: string) => {
  await expect.poll(async () => (await page.request.post('/api/dev/export-code', { data: { uid } })).status()).toBe(200);
  return (await (await page.request.post('/api/dev/export-code', { data: { uid } })).json()).data.code as string;
};

/**
 * Taps the file page's download button: the file is saved from a data: URL the page made of the bytes
 * it fetched (src/lib/personal/save-file.ts), never from an address of the server. Gives the bytes.
 */
const downloadPdf = async (page: Page, label: string) => {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label, exact: true }).click()]);
  expect(saved.url()).toMatch(/^data:application\/pdf;base64,/);
  expect(saved.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.pdf$/);
  return readFileSync((await saved.path())!);
};

/** A valid request on /private.html, ready to send: the user's e-mail, the code it received, a password. */
const fillRequest = async (page: Page, uid: string) => {
  await page.getByLabel(t('en-US', 'personal.emailLabel')).fill(`${uid}@example.com`);
  await page.getByRole('button', { name: t('en-US', 'personal.sendCode') }).click();
  await page.getByLabel(t('en-US', 'personal.codeLabel')).fill(await codeOf(page, uid));
  await page.getByLabel(t('en-US', 'personal.passwordLabel')).fill('123456');
  await page.getByLabel(t('en-US', 'personal.passwordAgain')).fill('123456');
};

test.describe('personal-data request', () => {
  test('every rule has its message; then the request is sent, and a second one the same day is refused', async ({ page, uid, signIn, open }) => {
    const problems = watch(page);
    await signIn();
    await open('/private.html');
    // Six digits fall in minutes to whoever holds the file (docs/security.md): at least not a PIN that
    // also opens a bank card or the phone, and the page says what the password does not protect against.
    await expect(page.getByLabel(t('en-US', 'personal.passwordLabel'))).toHaveAccessibleDescription(pattern(t('en-US', 'personal.passwordHint')));
    await expect(page.locator('.personal-intro').nth(1)).toHaveText(t('en-US', 'personal.passwordLimits'));
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.locator('#private-email-note')).toHaveText(t('en-US', 'personal.emailEmpty'));
    await expect(page.locator('#private-code-note')).toHaveText(t('en-US', 'error.codeRequired'));
    await expect(page.locator('#private-password-note')).toHaveText(t('en-US', 'personal.passwordFormat'));
    await page.getByLabel(t('en-US', 'personal.emailLabel')).fill('me@example');
    await page.getByRole('button', { name: t('en-US', 'personal.sendCode') }).click();
    await expect(page.locator('#private-email-note')).toHaveText(t('en-US', 'error.emailFormat'));
    expect(await hostCalls(page, 'sendPersonalInfoDownloadEmailCaptcha')).toEqual([]);

    // The user's own address: the server sends one address a code a minute and five a day, whoever asks.
    const address = `${uid}@example.com`;
    await page.getByLabel(t('en-US', 'personal.emailLabel')).fill(address);
    await page.getByRole('button', { name: t('en-US', 'personal.sendCode') }).click();
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'personal.resendIn'), { seconds: /\d+/ }) })).toBeDisabled();
    expect(await hostCalls(page, 'sendPersonalInfoDownloadEmailCaptcha')).toEqual([{ email: address }]);
    const code = await codeOf(page, uid);
    await page.getByLabel(t('en-US', 'personal.codeLabel')).fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel(t('en-US', 'personal.passwordLabel')).fill('123456');
    await page.getByLabel(t('en-US', 'personal.passwordAgain')).fill('123465');
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.locator('#private-password-note')).toHaveText(t('en-US', 'personal.passwordMismatch'));
    await page.getByLabel(t('en-US', 'personal.passwordAgain')).fill('123456');
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.locator('#private-code-note')).toHaveText(t('en-US', 'error.codeError'));
    await page.getByLabel(t('en-US', 'personal.codeLabel')).fill(code);
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).dblclick();
    await expect(page.getByRole('heading', { name: t('en-US', 'personal.sentTitle') })).toBeVisible();
    await expect(page.locator('.personal-sent p')).toHaveText(t('en-US', 'personal.sentBody', { email: address }));

    await page.getByRole('link', { name: t('en-US', 'personal.viewRequests') }).click();
    await expect(page.locator('.request')).toHaveCount(1);
    await expect(page.locator('.request-state')).toHaveText(t('en-US', 'personal.stateSent'));
    await expect(page.locator('.personal-limit')).toContainText(before(t('en-US', 'personal.limitNext'), 'date'));

    await open('/private.html');
    await expect(page.locator('.personal-limit')).toContainText(t('en-US', 'error.downloadLimit'));
    expect(problems).toEqual([]);
  });

  test("once today's request is used, the form is closed: each sentence on its own line, no code sent (vi-VN, dark)", async ({ page, uid, signIn, open }) => {
    await signIn();
    await open('/private.html');
    await fillRequest(page, uid);
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'personal.sentTitle') })).toBeVisible();
    const sentCodes = (await hostCalls(page, 'sendPersonalInfoDownloadEmailCaptcha')).length;

    await open('/vi-VN/private.html', '&dark=1&bgColor=171717');
    const limit = page.locator('.personal-limit');
    await expect(limit.locator('p').first()).toHaveText(t('vi-VN', 'error.downloadLimit'));
    await expect(limit.locator('p').nth(1)).toContainText(before(t('vi-VN', 'personal.limitNext'), 'date'));
    // Two lines, not one run-on sentence.
    const [first, second] = await limit.locator('p').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect()));
    expect(second!.top).toBeGreaterThanOrEqual(first!.bottom);
    await expect(limit.getByRole('link')).toHaveText(t('vi-VN', 'personal.viewRequests'));
    await expect(page.locator('main input, main textarea')).toHaveCount(0);
    await expect(page.locator('main').getByRole('button')).toHaveCount(0);
    expect(await hostCalls(page, 'sendPersonalInfoDownloadEmailCaptcha')).toHaveLength(sentCodes);
  });

  test('the e-mail typed survives a reload; the password never leaves the page', async ({ page, signIn, open }) => {
    await signIn();
    await open('/private.html');
    await page.getByLabel(t('en-US', 'personal.emailLabel')).fill('keep@example.com');
    await page.getByLabel(t('en-US', 'personal.passwordLabel')).fill('654321');
    await page.reload();
    await expect(page.getByLabel(t('en-US', 'personal.emailLabel'))).toHaveValue('keep@example.com');
    await expect(page.getByLabel(t('en-US', 'personal.passwordLabel'))).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage));
    expect(stored).not.toContain('654321');
  });

  test('the file, in zh-CN dark: what it holds and the PDF; expired, it says so', async ({ page, uid, signIn, open }) => {
    await signIn();
    await open('/private.html');
    await fillRequest(page, uid);
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'personal.sentTitle') })).toBeVisible();
    await open('/zh-CN/AccountOrDevicePdf.html', '&dark=1&bgColor=171717');
    await expect(page.locator('.file-table th').first()).toHaveText(t('zh-CN', 'personal.nickname'));
    // No address opens the file: a tap asks for its bytes with the sealed session and saves them.
    const file = await downloadPdf(page, t('zh-CN', 'personal.download'));
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // In the language of the page the request was sent from, not this one's.
    expect(openPdf(file, '123456').pageTexts()[0]).toContain(t('en-US', 'personal.fileTitle'));
    // The editors' pipeline lets the file lapse: the page says so and offers a new request.
    await open('/personalDataDownload.html');
    const id = new URL((await page.getByRole('link', { name: t('en-US', 'personal.viewFile') }).getAttribute('href'))!, page.url()).searchParams.get('id')!;
    expect((await page.request.post('/api/dev/export-state', { data: { exportId: id, state: 'expired' } })).status()).toBe(200);
    await open('/AccountOrDevicePdf.html', `&id=${id}`);
    await expect(page.getByRole('alert')).toHaveText(t('en-US', 'personal.fileExpired'));
    await open('/personalDataDownload.html');
    await expect(page.locator('.request-state')).toHaveText(t('en-US', 'personal.stateExpired'));
  });
});

test.describe('the exported file', () => {
  test('holds what /accountData.html and /deviceData.html show, in th-TH from a dark /th-TH/private.html: a Thai and a Han name, the whole phone number, the device', async ({
    page,
    uid,
    signIn,
    open,
  }) => {
    const problems = watch(page);
    // A new user: the backend has no account row, so the account's values are the app's (getPersonalInfo).
    const nickname = 'ผู้ทดสอบ 测试用户 測試用戶';
    await signIn({
      personalInfo: { ...defaultState().personalInfo, nickname, phone: '+66 81 234 5678' },
    });
    const say = (key: MessageKey) => t('th-TH', key);
    await open('/th-TH/private.html', '&dark=1&bgColor=171717');
    await page.getByLabel(say('personal.emailLabel'), { exact: true }).fill(`${uid}@example.com`);
    await page.getByRole('button', { name: say('personal.sendCode'), exact: true }).click();
    await page.getByLabel(say('personal.codeLabel'), { exact: true }).fill(await codeOf(page, uid));
    await page.getByLabel(say('personal.passwordLabel'), { exact: true }).fill('123456');
    await page.getByLabel(say('personal.passwordAgain'), { exact: true }).fill('123456');
    await page.getByRole('button', { name: say('personal.submit'), exact: true }).click();
    await expect(page.getByRole('heading', { name: say('personal.sentTitle') })).toBeVisible();

    await open('/th-TH/AccountOrDevicePdf.html', '&dark=1&bgColor=171717');
    // The page shows what the file holds: it once said "No data" for the app's values.
    const shown = (key: MessageKey) =>
      page
        .locator('.file-table tr')
        .filter({ has: page.getByRole('rowheader', { name: say(key), exact: true }) })
        .locator('td');
    await expect(page.locator('.file-table caption')).toHaveText([say('personal.accountData'), say('personal.deviceData')]);
    await expect(shown('personal.nickname')).toHaveText(nickname);
    await expect(shown('personal.phone')).toHaveText('•••••••5678');
    await expect(shown('personal.registerTime')).toHaveText('2024-01-02 10:00:00');
    await expect(shown('personal.deviceModel')).toHaveText('CPH2451');
    await expect(shown('personal.ip')).toHaveText('10.0.0.1');
    await expect(shown('personal.appVersion')).toHaveText('12.3.0');
    await expect(page.getByText(say('error.noData'))).toHaveCount(0);
    const lines = openPdf(await downloadPdf(page, say('personal.download')), '123456')
      .pageTexts()
      .join('\n')
      .split('\n');
    const field = (key: MessageKey, value: string) => `${say(key)}: ${value}`;
    expect(lines).toEqual([
      say('personal.fileTitle'),
      '',
      say('personal.accountData'),
      field('personal.nickname', nickname),
      // The user's own file: the number whole, where the page shows ••••••5678.
      field('personal.phone', '+66 81 234 5678'),
      field('personal.registerTime', '2024-01-02 10:00:00'),
      '',
      say('personal.deviceData'),
      field('personal.deviceBrand', 'OPPO'),
      field('personal.deviceModel', 'CPH2451'),
      field('personal.ip', '10.0.0.1'),
      field('personal.osName', 'ColorOS'),
      field('personal.osVersion', '14'),
      field('personal.appVersion', '12.3.0'),
    ]);
    expect(problems).toEqual([]);
  });
});

test.describe("times on a phone whose browser zone is not the app's", () => {
  // The app says Singapore (the fake host's dev_timezone); the WebView's own zone says New York.
  test.use({ timezoneId: 'America/New_York' });
  const inSingapore = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Singapore' }).format(ms);

  test("a request's time reads in the app's zone, as on every other page", async ({ page, uid, signIn, open }) => {
    await signIn();
    await open('/private.html');
    await fillRequest(page, uid);
    const before = Date.now();
    await page.getByRole('button', { name: t('en-US', 'personal.submit') }).click();
    await expect(page.getByRole('heading', { name: t('en-US', 'personal.sentTitle') })).toBeVisible();
    const after = Date.now();
    await open('/personalDataDownload.html');
    const shown = await page.locator('.request-head strong').textContent();
    // The request's own second lies between the two readings; either minute may be the one shown.
    expect([t('en-US', 'personal.requestedOn', { date: inSingapore(before) }), t('en-US', 'personal.requestedOn', { date: inSingapore(after) })]).toContain(
      shown,
    );
  });
});

test.describe('requests list', () => {
  // Not bare: the list's own "Request a copy" is there whenever a request may be made.
  test('none yet: "No data", with the way to request a copy', async ({ page, signIn, open }) => {
    await signIn();
    await open('/personalDataDownload.html');
    await expect(page.getByText(t('en-US', 'error.noData'))).toBeVisible();
    await page.getByRole('link', { name: t('en-US', 'personal.requestAgain') }).click();
    await expect(page).toHaveURL(/\/private\.html\?status_height=24$/);
    await expect(page.getByLabel(t('en-US', 'personal.emailLabel'))).toBeVisible();
  });
});

test.describe('account and device data', () => {
  test('the account with the phone masked, in th-TH; the device from the app; copy a value', async ({ page, open }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await withHost(page, { ...defaultState(), replyDelayMs: 30 });
    await open('/accountOrDevice.html');
    await page.getByRole('link', { name: pattern(t('en-US', 'personal.accountData')) }).click();
    await expect(page.locator('.info-value').first()).toHaveText('Test User');
    await expect(page.locator('.info-value').nth(1)).toHaveText('••••••0000');
    await open('/th-TH/deviceData.html');
    await expect(page.locator('.info-value')).toHaveText(['OPPO', 'CPH2451', '10.0.0.1', 'ColorOS', '14', '12.3.0']);
    await page.locator('.info li').nth(2).locator('button').click();
    await expect(page.locator('.toast')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('10.0.0.1');
  });

  test('"No data" where a value is empty', async ({ page, signIn, open }) => {
    await signIn({ personalInfo: {} });
    await open('/accountData.html');
    await expect(page.locator('.info-value')).toHaveText([t('en-US', 'error.noData'), t('en-US', 'error.noData'), t('en-US', 'error.noData')]);
  });
});
