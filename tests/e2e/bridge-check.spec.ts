/**
 * The conformance kit (/bridge-check) as the app team meets it: on the fake host every
 * automatic check passes and a tapped command is checked; on the deviant host
 * (tests/fixtures/deviant-host.ts) each broken rule shows on its own call, in the page's language,
 * with what the host sent; the report is there for tools and reaches the development server.
 */
import { buildSync } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { JS_TARGET } from '../../build/engines.ts';
import { watch, withHost } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

let deviant: string | undefined;
/** The deviant host, bundled for the browser and installed before the page's first script. */
async function withDeviantHost(page: Page, options: { lateMs?: number } = {}) {
  deviant ??= buildSync({
    entryPoints: ['tests/fixtures/deviant-host.ts'],
    bundle: true,
    format: 'iife',
    globalName: '__deviant',
    write: false,
    target: JS_TARGET,
  }).outputFiles[0]!.text;
  await page.addInitScript(`${deviant};window.__fakeHost=__deviant.installDeviantHost(window, ${JSON.stringify(options)});`);
}

const row = (page: Page, call: string) => page.locator(`.kit-row[data-call="${call}"]`);
const automaticDone = (page: Page) => expect(page.locator('html[data-bridge-check="done"]')).toHaveCount(1);

interface Report {
  automaticDone: boolean;
  summary: Record<string, number>;
  results: Array<{ call: string; kind: string; status: string; text: string[]; raw?: string }>;
}
const reportOf = (page: Page) => page.evaluate(() => (window as unknown as { bridgeReport: Report }).bridgeReport);

test('on the fake host, in vi-VN: every automatic check passes, a tapped command is checked, and the report is sent', async ({ page }) => {
  const errors = watch(page);
  await withHost(page);
  await page.goto('/vi-VN/bridge-check?status_height=24&wait=5');
  await automaticDone(page);
  const report = await reportOf(page);
  const automatic = report.results.filter((r) => r.kind === 'bridge' || r.kind === 'query');
  expect(automatic.filter((r) => r.status !== 'pass')).toEqual([]);
  await expect(page.locator('.kit-summary')).toHaveText(t('vi-VN', 'kit.summary', { pass: automatic.length, fail: 0, skipped: report.summary.skipped! }));

  // A person's answer is waited for as long as ?wait= says.
  await expect(row(page, 'login').locator('.kit-note')).toHaveText(t('vi-VN', 'kit.person', { seconds: 5 }));
  await row(page, 'launchHTDialog2')
    .getByRole('button', { name: t('vi-VN', 'kit.run') })
    .click();
  await expect(row(page, 'launchHTDialog2')).toHaveAttribute('data-status', 'pass');
  await expect(row(page, 'launchHTDialog2').locator('.kit-badge')).toHaveText(t('vi-VN', 'kit.pass'));

  await page.getByRole('button', { name: t('vi-VN', 'kit.send') }).click();
  await expect(page.locator('.kit-actions [role="status"]')).toHaveText(t('vi-VN', 'kit.sent'));
  const sent = (await (await page.request.get('/api/dev/bridge-reports')).json()).data.reports as Report[];
  expect(sent.some((r) => r.results.some((x) => x.call === 'launchHTDialog2' && x.status === 'pass'))).toBe(true);
  expect(errors).toEqual([]);
});

test('on a deviant host, in en-US: each broken rule is a failure on its own call, with the reason and what the host sent', async ({ page }) => {
  const errors = watch(page);
  await withDeviantHost(page);
  await page.goto('/bridge-check?status_height=24&wait=1');
  await automaticDone(page);
  const failed = async (call: string, text: string) => {
    await expect(row(page, call)).toHaveAttribute('data-status', 'fail');
    await expect(row(page, call).locator('.kit-reason')).toContainText(text);
  };
  await failed('getAppBaseInfo', t('en-US', 'kit.missing', { method: 'getAppBaseInfo' }));
  await failed('dark', t('en-US', 'kit.notString', { type: 'object' }));
  await failed('isHeytapLogin', t('en-US', 'kit.notString', { type: 'boolean' }));
  await failed('accountInfo', t('en-US', 'kit.badField', { field: 'isLogin', expected: 'boolean', received: '"yes"' }));
  await failed('getKCoins', t('en-US', 'kit.missingField', { field: 'balance' }));
  await failed('getUserAuth', t('en-US', 'kit.threw', { error: 'Error: auth service down' }));
  await failed('getPersonalInfo', t('en-US', 'kit.notJson'));
  // What the host sent, as it sent it.
  await row(page, 'getPersonalInfo').locator('summary').click();
  await expect(row(page, 'getPersonalInfo').locator('pre')).toHaveText('{"nickname": "‹nickname›"');
  await expect(row(page, 'getPlayerState')).toHaveAttribute('data-status', 'pass');

  const run = async (call: string) => {
    await row(page, call)
      .getByRole('button', { name: t('en-US', 'kit.run') })
      .click();
    await expect(row(page, call)).not.toHaveAttribute('data-status', 'skipped');
  };
  await run('startPayWeb');
  await failed('startPayWeb', t('en-US', 'kit.twice', { handler: 'onPayCallback', count: 2 }));
  await run('launchHTDialog2');
  await failed('launchHTDialog2', t('en-US', 'kit.early', { handler: 'launchHTDialogCallback', method: 'launchHTDialog2' }));
  await run('login');
  await failed('login', t('en-US', 'kit.never', { handler: 'onLoginCallback', seconds: 1 }));
  await run('savePageState');
  await failed('savePageState', t('en-US', 'kit.notRestored', { received: '' }));
  expect((await reportOf(page)).summary.fail).toBe(11);
  expect(errors).toEqual([]);
});

// The report leaves the tester's phone, so their own data stays out of it.
test("the report keeps the tester's personal data out, and a yes/no or signed-in account that breaks the contract says how", async ({ page }) => {
  const errors = watch(page);
  const account = { isLogin: true, avatar: 'https://cdn.example.com/a/42.png', nickname: 'Test User', vipType: 1, svipType: 0, is_member: 1 };
  await withHost(page, { overrides: { isHeytapLogin: 'yes', accountInfo: JSON.stringify(account) } });
  await page.goto('/bridge-check?status_height=24&wait=5');
  await automaticDone(page);
  await expect(row(page, 'isHeytapLogin')).toHaveAttribute('data-status', 'fail');
  await expect(row(page, 'isHeytapLogin').locator('.kit-reason')).toHaveText(t('en-US', 'kit.notTrueFalse', { received: '"yes"' }));
  await expect(row(page, 'accountInfo')).toHaveAttribute('data-status', 'fail');
  await expect(row(page, 'accountInfo').locator('.kit-reason')).toHaveText(t('en-US', 'kit.noVip'));

  // The fake host's tester: phone, IP, nickname, uid, avatar; each value gone, its field and type kept.
  const personal = ['+65 8000 0000', '10.0.0.1', 'Test User', '"10001"', 'cdn.example.com', '2024-01-02 10:00:00'];
  const report = await reportOf(page);
  const raw = (call: string) => report.results.find((r) => r.call === call)!.raw!;
  expect(JSON.parse(raw('getPersonalInfo'))).toMatchObject({ phone: '‹phone›', ip: '‹ip›', nickname: '‹nickname›', osName: 'ColorOS', deviceModel: 'CPH2451' });
  expect(JSON.parse(raw('getAppBaseInfo'))).toMatchObject({ uid: '‹uid›', dev_model: expect.any(String) });
  expect(JSON.parse(raw('accountInfo'))).toEqual({ ...account, avatar: '‹avatar›', nickname: '‹nickname›' });
  await row(page, 'getPersonalInfo').locator('summary').click();
  await expect(row(page, 'getPersonalInfo').locator('pre')).toContainText('"phone":"‹phone›"');

  await page.getByRole('button', { name: t('en-US', 'kit.send') }).click();
  await expect(page.locator('.kit-actions [role="status"]')).toHaveText(t('en-US', 'kit.sent'));
  const sent = JSON.stringify((await (await page.request.get('/api/dev/bridge-reports')).json()).data.reports);
  // Copied as text when this WebView cannot write the clipboard: the Markdown too.
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) } }));
  await page.getByRole('button', { name: t('en-US', 'kit.copyMarkdown') }).click();
  const copied = await page.locator('.kit-box').inputValue();
  expect(copied).toContain('‹phone›');
  for (const text of [JSON.stringify(report), sent, copied, await page.locator('main').innerText()]) {
    for (const value of personal) expect(text).not.toContain(value);
  }
  expect(errors).toEqual([]);
});

test('a bridge injected after the first script is a failure that says how late, and the queries are still checked', async ({ page }) => {
  const errors = watch(page);
  await withDeviantHost(page, { lateMs: 800 });
  await page.goto('/bridge-check?status_height=24');
  await automaticDone(page);
  await expect(row(page, 'NativeBridge')).toHaveAttribute('data-status', 'fail');
  await expect(row(page, 'NativeBridge').locator('.kit-reason')).toHaveText(pattern(t('en-US', 'kit.lateBridge'), { ms: /\d+/ }));
  await expect(row(page, 'getPlayerState')).toHaveAttribute('data-status', 'pass');
  expect(errors).toEqual([]);
});

test('the contract as JSON Schema is published with the build', async ({ request }) => {
  const response = await request.get('/bridge-contract.json');
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const contract = await response.json();
  expect(contract.$schema).toBe('http://json-schema.org/draft-07/schema#');
  expect(contract['x-bridge'].commands.startPayWeb).toEqual({
    argument: { $ref: '#/definitions/StartPayWebArgument' },
    argumentOptional: false,
    replies: ['onPayCallback'],
  });
});

test('outside the app: no bridge, said once, and nothing run', async ({ page }) => {
  await page.goto('/th-TH/bridge-check');
  await automaticDone(page);
  await expect(row(page, 'NativeBridge').locator('.kit-reason')).toHaveText(t('th-TH', 'kit.noBridge'));
  expect((await reportOf(page)).summary.pass).toBe(0);
});
