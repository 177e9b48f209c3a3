import { expect, test, type Page } from '@playwright/test';
import { watch } from '../fixtures/pages';
import { t } from '../fixtures/text';

// The simulator is a desktop tool around a phone-sized frame: test it at a laptop's size.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const framed = (page: Page) => page.frameLocator('#frame');
const control = (page: Page, name: string) => page.locator(`[name="${name}"]`);
/** The log rows of one bridge method, newest first. */
const logged = (page: Page, method: string) => page.locator(`#log .call[data-method="${method}"]`);

async function open(page: Page) {
  await page.goto('/__host/');
  await expect(framed(page).locator('html[data-theme]')).toBeAttached();
  // The injected host announces each page it is installed in.
  await expect(page.locator('#log .mark').filter({ hasText: /^Loaded / })).toHaveCount(1);
  await expect(page.locator('#log .mark').filter({ hasText: 'Session issued for 10001' })).toHaveCount(1);
}

test.describe('host simulator', () => {
  test('shows a route in the frame with the simulated host injected', async ({ page }) => {
    const problems = watch(page);
    await open(page);
    await control(page, 'route').selectOption('license.html');
    await expect(page.locator('#frame')).toHaveAttribute('src', /^\/license\.html\?status_height=24&dark=0&bgColor=ffffff&app_sessionid=[A-Za-z0-9_-]{43}$/);
    await expect(framed(page).locator('#page-title')).toHaveText(/\S/);
    // The frame's address as the page left it: the shell took the session out.
    await expect(page.locator('#address')).toHaveText(/^\/license\.html\?status_height=24&dark=0&bgColor=ffffff$/);
    const frame = await (await page.locator('#frame').elementHandle())!.contentFrame();
    expect(await frame!.evaluate(() => typeof (window as any).NativeBridge?.getAppBaseInfo)).toBe('function');
    expect(problems).toEqual([]);
  });

  test('the theme control reopens the page in that theme', async ({ page }) => {
    await open(page);
    await expect(framed(page).locator('html')).toHaveAttribute('data-theme', 'light');
    await control(page, 'theme').selectOption('dark1');
    await expect(framed(page).locator('html')).toHaveAttribute('data-theme', 'dark1');
    await expect(page.locator('#frame')).toHaveAttribute('src', /dark=1&bgColor=171717/);
  });

  test('the locale control reopens the page in that locale', async ({ page }) => {
    await open(page);
    await expect(framed(page).locator('html')).toHaveAttribute('lang', 'en-US');
    await control(page, 'locale').selectOption('th-TH');
    await expect(framed(page).locator('html')).toHaveAttribute('lang', 'th-TH');
    await expect(page.locator('#frame')).toHaveAttribute('src', /^\/th-TH\/feedback\?/);
  });

  test("the log shows the page's getAppBaseInfo call with the host's answer", async ({ page }) => {
    await open(page);
    // An unprefixed URL without `language`: the shell asks the host for its language.
    await expect(page.locator('#frame')).toHaveAttribute('src', /^\/feedback\?/);
    const row = logged(page, 'getAppBaseInfo').first();
    await expect(row).toBeVisible();
    await expect(row.locator('.kind')).toHaveText(/query/i);
    await expect(row.locator('.answer')).toContainText('"dev_manufacturer":"OPPO"');
    // Every island has hydrated (Astro drops `ssr` once it has) and asked what it asks at start: a
    // call after the clear would be a new one, not one still on its way.
    await expect(framed(page).locator('astro-island[ssr]')).toHaveCount(0);
    await page.locator('#log-clear').click();
    await expect(logged(page, 'getAppBaseInfo')).toHaveCount(0);
  });

  test('a host setting reaches the page: signed out, accountInfo answers isLogin false', async ({ page }) => {
    await open(page);
    await expect(logged(page, 'accountInfo').first().locator('.answer')).toContainText('"isLogin":true');
    await control(page, 'signedIn').uncheck();
    await expect(logged(page, 'accountInfo').first().locator('.answer')).toContainText('"isLogin":false');
  });

  test('Send h5Dark switches the framed page live, Send onResume is delivered', async ({ page }) => {
    await open(page);
    await expect(framed(page).locator('html')).toHaveAttribute('data-theme', 'light');
    await control(page, 'h5DarkTheme').selectOption('dark2');
    await page.getByRole('button', { name: 'Send h5Dark' }).click();
    await expect(framed(page).locator('html')).toHaveAttribute('data-theme', 'dark2');
    await page.getByRole('button', { name: 'Send onResume' }).click();
    await expect(logged(page, 'onResume')).toHaveCount(1);
    // Live: the page was not reloaded.
    await expect(page.locator('#log .mark').filter({ hasText: /^Loaded / })).toHaveCount(1);
  });

  test('opens the bridge check in the frame, where the simulated host passes; its h5Dark button is checked; a sent report is listed', async ({ page }) => {
    const problems = watch(page);
    await open(page);
    await page.getByRole('link', { name: '/bridge-check' }).click();
    const kit = framed(page);
    await expect(kit.locator('html[data-bridge-check="done"]')).toBeAttached();
    await expect(kit.locator('.kit-row[data-status="fail"]')).toHaveCount(0);
    await expect(kit.locator('.kit-row[data-call="getAppBaseInfo"]')).toHaveAttribute('data-status', 'pass');
    // A host event, caused from the simulator as a tester would cause it in the app.
    await kit.locator('.kit-row[data-call="h5Dark"] .kit-run').click();
    await page.getByRole('button', { name: 'Send h5Dark' }).click();
    await expect(kit.locator('.kit-row[data-call="h5Dark"]')).toHaveAttribute('data-status', 'pass');
    await kit.getByRole('button', { name: t('en-US', 'kit.send') }).click();
    await expect(kit.locator('.kit-actions [role="status"]')).toHaveText(t('en-US', 'kit.sent'));
    await page.getByRole('button', { name: 'Reports received' }).click();
    await expect(page.locator('#bridge-reports li').first()).toContainText(/Chromium \d+, app [\d.]+: \d+ pass, 0 fail/);
    expect(problems).toEqual([]);
  });

  test('settings survive a reload of the simulator', async ({ page }) => {
    await open(page);
    await control(page, 'route').selectOption('k-recharge');
    await control(page, 'payOutcome').selectOption('cancel');
    await page.reload();
    await expect(control(page, 'route')).toHaveValue('k-recharge');
    await expect(control(page, 'payOutcome')).toHaveValue('cancel');
    await expect(page.locator('#frame')).toHaveAttribute('src', /^\/k-recharge\?/);
  });

  test('the coin control sets the balance on the host and on the backend, which the page confirms', async ({ page }) => {
    await open(page);
    await control(page, 'route').selectOption('k-recharge');
    await expect(framed(page).locator('.coins-balance')).toHaveText(/^\d[\d,]*$/);
    await control(page, 'coins').fill('4242');
    await control(page, 'coins').dispatchEvent('change');
    await expect(page.locator('#log .mark').filter({ hasText: 'Backend balance of 10001 set to 4242' })).toHaveCount(1);
    // The page shows the server's figure once it answers: both say 4242 now.
    await expect(framed(page).locator('.coins-balance')).toHaveText('4,242');
  });

  test('the upload controls drive the callbacks: a 201 MB pick is refused, a failing upload fails', async ({ page }) => {
    await open(page);
    await expect(framed(page).getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` })).toBeVisible();
    await control(page, 'uploadFile').selectOption('huge');
    await framed(page)
      .getByRole('button', { name: `+ ${t('en-US', 'help.addVideo')}` })
      .click();
    await expect(framed(page).locator('.upload [role="alert"]')).toHaveText(t('en-US', 'error.fileTooLarge'));
    await control(page, 'uploadFile').selectOption('image');
    await control(page, 'uploadOutcome').selectOption('failed');
    await framed(page)
      .getByRole('button', { name: `+ ${t('en-US', 'help.addPicture')}` })
      .click();
    await expect(framed(page).locator('.upload [role="alert"]').last()).toHaveText(t('en-US', 'error.uploadFailed'));
    await expect(logged(page, 'uploadFile').first()).toBeVisible();
  });
});
