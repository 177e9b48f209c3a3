import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app';
import { hostCalls, sessionOf, watch } from '../fixtures/pages';

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
    await expect(dialog).toContainText('Login status expired. Go to the OPPO account center to re-verify.');
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    // Balance and packages were both refused: one question, one sign-in, both sent again.
    await expect(page.getByRole('button', { name: /300 coins/ })).toBeVisible();
    await expect(page.locator('.coins-balance')).toHaveText('0');
    await expect(dialog).toHaveCount(0);
    expect(await hostCalls(page, 'login')).toHaveLength(1);
    const renewed = await storedSession(page);
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed).not.toBe(expired);
    expect(problems).toEqual([]);
  });

  test('none at all, in zh-CN: declining keeps the page as it was, with the message and no sign-in', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/zh-CN/k-recharge?status_height=24');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('请登录您的音乐账号。');
    await expect(dialog.getByRole('button', { name: '登录' })).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(page.locator('.coins-notice.is-error')).toContainText('请登录您的音乐账号。');
    expect(await hostCalls(page, 'login')).toHaveLength(0);
  });
});
