import type { Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { expect, test } from '../fixtures/app';
import { hostCalls, sessionOf, watch } from '../fixtures/pages';
import { pattern, t } from '../fixtures/text';

const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('app_sessionid'));

// signIn: a user of the test's own, since these tests end sessions, which must not touch another test's user.
test.describe('a session the server refuses', () => {
  test('expired: the page says so, the app signs the user in again, and the requests go through with the new session', async ({ page, signIn }) => {
    const problems = watch(page);
    await signIn();
    const expired = sessionOf(page);
    expect((await page.request.post('/api/dev/session/expire', { data: { app_sessionid: expired } })).ok()).toBe(true);
    await page.goto(`/k-recharge?status_height=24&app_sessionid=${expired}`);

    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('en-US', 'error.loginExpired'));
    await dialog.getByRole('button', { name: t('en-US', 'shell.signIn') }).click();

    // Balance and packages were both refused: one question, one sign-in, both sent again.
    await expect(page.getByRole('button', { name: pattern(t('en-US', 'coins.coins', { coins: 300 })) })).toBeVisible();
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await expect(dialog).toHaveCount(0);
    expect(await hostCalls(page, 'login')).toHaveLength(1);
    const renewed = await storedSession(page);
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed).not.toBe(expired);
    expect(problems).toEqual([]);
  });

  // On /k-transactions: /k-recharge's packages are public, and its balance keeps the app's figure.
  test('none at all, in zh-CN: declining keeps the page as it was, with the message and no sign-in', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/zh-CN/k-transactions?status_height=24');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('zh-CN', 'error.notLoggedIn'));
    await expect(dialog.getByRole('button', { name: t('zh-CN', 'shell.signIn') })).toBeVisible();
    await dialog.getByRole('button', { name: t('zh-CN', 'shell.cancel') }).click();
    await expect(page.locator('.coins-notice.is-error')).toContainText(t('zh-CN', 'error.notLoggedIn'));
    expect(await hostCalls(page, 'login')).toHaveLength(0);
  });
});

// The sign-in prompt of a signed-out user, and the open-in-app prompt outside the app.
test.describe('the sign-in prompt', () => {
  const SIGNED_OUT = { account: { ...defaultState().account, isLogin: false } };
  const prompt = (page: Page) => page.locator('.gate:visible');

  test('a sign-in the app refuses says so, and the message goes on the next try, which signs in', async ({ page, signIn, open }) => {
    await signIn({ ...SIGNED_OUT, loginOutcome: 'failed' });
    await open('/k-transactions');
    await prompt(page)
      .getByRole('button', { name: t('en-US', 'shell.signIn') })
      .click();
    await expect(prompt(page).getByRole('alert')).toHaveText(t('en-US', 'shell.signInFailed'));
    await expect(prompt(page).getByRole('button', { name: t('en-US', 'shell.signIn') })).toBeEnabled();

    // The app takes its time this once: the old message goes as soon as the new try starts.
    await page.evaluate(() => (window as any).__fakeHost.setState({ loginOutcome: 'success', replyDelayMs: 1500 }));
    await prompt(page)
      .getByRole('button', { name: t('en-US', 'shell.signIn') })
      .click();
    await expect(prompt(page).getByRole('alert')).toHaveCount(0);
    await expect(prompt(page).getByRole('button', { name: t('en-US', 'shell.signIn') })).toBeDisabled();
    await expect(prompt(page)).toHaveCount(0);
    expect(await hostCalls(page, 'login')).toHaveLength(2);
  });

  test('in zh-CN, an app that never answers the sign-in: after the wait, the message', async ({ page, signIn, open }) => {
    await page.clock.install();
    await signIn({ ...SIGNED_OUT, loginOutcome: 'none' });
    await open('/zh-CN/k-transactions');
    await prompt(page)
      .getByRole('button', { name: t('zh-CN', 'shell.signIn') })
      .click();
    await expect(prompt(page).getByRole('button', { name: t('zh-CN', 'shell.signIn') })).toBeDisabled();
    await page.clock.fastForward('05:01');
    await expect(prompt(page).getByRole('alert')).toHaveText(t('zh-CN', 'shell.signInFailed'));
    await expect(prompt(page).getByRole('button', { name: t('zh-CN', 'shell.signIn') })).toBeEnabled();
  });

  test("outside the app, Open Music carries the page's query, written again, without the session", async ({ page }) => {
    await page.goto('/song-test?id=7&app_sessionid=abc123&status_height=24&title=%3Cb%3Ex%3C%2Fb%3E');
    const link = prompt(page).getByRole('link', { name: t('en-US', 'shell.openApp') });
    await expect(link).toHaveAttribute('href', 'oppomusic://web/song-test?id=7&title=%3Cb%3Ex%3C%2Fb%3E');
  });
});

test.describe('the request seal', () => {
  test("a WebView with Web Crypto seals the first requests natively, with the first reads' script: no seal chunk, and the 25 KB crypto library never loads", async ({
    page,
    signIn,
    open,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await signIn();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/') && r.request().method() === 'POST' && r.ok());
    await open('/k-recharge');
    await answered;
    await expect(page.locator('main')).not.toBeEmpty();
    expect(scripts.filter((p) => /\/first-reads\.[\w-]+\.js$/.test(p))).toHaveLength(1);
    expect(scripts.filter((p) => /\/seal\.[\w-]+\.js$/.test(p))).toEqual([]);
    expect(scripts.filter((p) => /\/crypto\.[\w-]+\.js$/.test(p))).toEqual([]);
  });
});
