import { expect, test, type Page } from '@playwright/test';
import { defaultState } from '../../server/fake-host/state';
import { hostCalls, sessionOf, withHost } from '../fixtures/pages';
import { axeOf, settle } from '../fixtures/sweep';
import { t } from '../fixtures/text';

// The axe-core and touch-target check of every route in light and dark runs inside the sweep's
// own page loads (tests/e2e/sweep.spec.ts). Here: the states and the keyboard that a sweep does not reach.

test.describe.configure({ mode: 'parallel' });

test('/help-feedback while its contacts are still loading: the contact buttons already have names', async ({ page }) => {
  await withHost(page);
  // The help centre's answer never comes: the state a slow network shows for seconds (seen once in CI).
  await page.route('**/api/help/home', () => undefined);
  await page.goto(`/help-feedback?status_height=24&app_sessionid=${sessionOf(page)}`);
  await expect(page.locator('.help-contact').first()).toBeDisabled();
  await expect(page.locator('.help-contact')).toHaveText([t('en-US', 'help.call', { number: '…' }), t('en-US', 'help.email', { email: '…' })]);
  const { violations } = await axeOf(page).include('.help-service').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test.describe('keyboard and the back button', () => {
  const unauthorised = () => {
    const state = defaultState();
    return { ...state, authorized: false, baseInfo: { ...state.baseInfo, uid: `e2e-${Math.random().toString(36).slice(2, 10)}` } };
  };
  const inDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="alertdialog"]'));

  test('a dialog takes focus, keeps it on Tab and Shift+Tab, closes on Escape and gives focus back', async ({ page }) => {
    await withHost(page, unauthorised());
    await page.goto(`/oppo-music?status_height=24&app_sessionid=${sessionOf(page)}`);
    const play = page.locator('.song-play').first();
    await play.focus();
    // Where focus is in the first frame that shows the dialog: a Tab pressed then must stay inside.
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[role="alertdialog"]')) return;
        seen.disconnect();
        requestAnimationFrame(() => ((window as any).__focusAtFirstFrame = !!document.activeElement?.closest('[role="alertdialog"]')));
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as any).__focusAtFirstFrame)).toBe(true);
    expect(await inDialog(page)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(page), `focus after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();
    expect(await hostCalls(page, 'jump')).toEqual([]);
  });

  test('on each dark page, the dialog has an edge: the backdrop darkens the page to the dialog’s own colour', async ({ page }) => {
    await withHost(page, unauthorised());
    for (const background of ['000000', '171717', '262626']) {
      await page.goto(`/oppo-music?status_height=24&dark=1&bgColor=${background}&app_sessionid=${sessionOf(page)}`);
      await page.locator('.song-play').first().click();
      const edge = await page.getByRole('alertdialog').evaluate((dialog) => {
        const style = getComputedStyle(dialog);
        return { width: parseFloat(style.borderTopWidth), line: style.borderTopColor, fill: style.backgroundColor };
      });
      expect(edge.width, background).toBeGreaterThanOrEqual(1);
      expect(edge.line, background).not.toBe(edge.fill);
    }
  });

  test('the Android back button closes the dialog as a cancel and leaves the page where it was', async ({ page }) => {
    await withHost(page, unauthorised());
    await page.goto(`/zh-CN/oppo-music?status_height=24&app_sessionid=${sessionOf(page)}`);
    const url = page.url();
    await page.locator('.song-play').first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    // The WebView's back key goes back in history when it can: what page.goBack() does.
    await page.goBack();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    expect(page.url()).toBe(url);
    expect(await hostCalls(page, 'jump')).toEqual([]);
    // Closing with a button takes the dialog's history entry with it: back now leaves for real.
    await page.locator('.song-play').first().click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('zh-CN', 'shell.cancel') })
      .click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect.poll(() => page.evaluate(() => (history.state as { dialog?: boolean } | null)?.dialog ?? false)).toBe(false);
  });

  for (const path of ['/feedback', '/k-report', '/k-appeal', '/k-recharge', '/private.html']) {
    test(`${path}: Tab walks the form top to bottom, and every stop shows where focus is`, async ({ page }) => {
      await withHost(page);
      await page.goto(`/vi-VN${path}?status_height=24&app_sessionid=${sessionOf(page)}`);
      await settle(page);
      // Forms load while the page's data does: wait for the fields themselves.
      await page.waitForFunction(() => document.querySelectorAll('main input:not([type="hidden"]), main textarea').length > 0);
      const stops: { name: string; top: number; visible: boolean }[] = [];
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // A visible indicator: the focused element looks different from the same element unfocused.
          const look = () => {
            const s = getComputedStyle(el);
            const label = el.closest('label, .choice');
            const l = label ? getComputedStyle(label) : null;
            return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.borderColor, s.boxShadow, s.backgroundColor, l?.outlineStyle, l?.boxShadow].join('|');
          };
          const focused = look();
          el.blur();
          const blurred = look();
          el.focus({ preventScroll: true });
          return {
            name: `${el.tagName.toLowerCase()}.${el.className} ${(el.textContent ?? '').trim().slice(0, 20)}`,
            top: el.getBoundingClientRect().top + scrollY,
            visible: focused !== blurred,
          };
        });
        if (!stop) break;
        if (stops.some((s) => s.name === stop.name && s.top === stop.top)) break; // wrapped around
        stops.push(stop);
      }
      expect(stops.length).toBeGreaterThan(2);
      expect(stops.filter((s) => !s.visible).map((s) => s.name)).toEqual([]);
      const backwards = stops.filter((s, i) => i > 0 && s.top < stops[i - 1]!.top - 4);
      expect(backwards.map((s) => s.name)).toEqual([]);
    });
  }
});
