import { expect, test, type Page } from '@playwright/test';
import { api } from '../fixtures/api';
import { defaultState } from '../fixtures/fake-host/state';
import { hostCalls, watch, withHost } from '../fixtures/pages';

const MEMBER_ACCOUNT = { isLogin: true, is_member: 1, vipType: 1, svipType: 0, vip: { is_vip: 1, valid_time: 1_999_999_999 } };

/** A user of their own per test, or the seeded member account (10002). */
function user(overrides: Record<string, unknown> = {}, uid = `e2e-${Math.random().toString(36).slice(2, 10)}`) {
  const state = defaultState();
  const { account, ...rest } = overrides as { account?: object };
  return { uid, state: { ...state, baseInfo: { ...state.baseInfo, uid }, account: { ...state.account, ...account }, replyDelayMs: 30, ...rest } };
}
const open = (page: Page, path: string, query = '') => page.goto(`${path}?status_height=24&app_sessionid=e2e-session${query}`);
const launched = async (page: Page) => (await hostCalls(page, 'launchPlay')) as { resourceId: string; type: string }[];

test.describe('download quota', () => {
  test('a member sees what is used of 300 and when the cycle ends, then the history to its end', async ({ page }) => {
    await withHost(page, user({ account: MEMBER_ACCOUNT }, '10002').state);
    await open(page, '/download');
    await expect(page.locator('.quota-left')).toHaveText('276 left');
    await expect(page.locator('.music-hero')).toContainText('24 of 300 used');
    await expect(page.locator('.music-hero')).toContainText('Ends with your membership on');
    await expect(page.locator('.download')).toHaveCount(20);
    await page.locator('.download').last().scrollIntoViewIfNeeded();
    await expect(page.locator('.download')).toHaveCount(30);
    await expect(page.locator('.music-empty')).toHaveText('No more downloads');
  });

  test('a 10-day package gets 100, in ms-MY dark', async ({ page }) => {
    const { uid, state } = user({ account: MEMBER_ACCOUNT });
    const { data } = await (await page.request.post('/api/dev/redeem-code', { data: { tier: 'vip', days: 10 } })).json();
    expect((await api(page, uid, '/api/vip/redeem', { code: data.code })).code).toBe(0);
    await withHost(page, state);
    await open(page, '/ms-MY/download', '&dark=1&bgColor=171717');
    await expect(page.locator('.music-hero progress')).toHaveAttribute('max', '100');
    await expect(page.locator('.music-empty')).toBeVisible();
  });

  test('a non-member sees why, and the way to the VIP centre', async ({ page }) => {
    await withHost(page, user().state);
    await open(page, '/download');
    await expect(page.locator('.music-hero h2')).toHaveText('Downloads need a membership');
    await expect(page.locator('.music-hero')).toContainText('only VIP members can download VIP songs');
    await expect(page.getByRole('link', { name: 'Become a member' })).toHaveAttribute('href', /\/vip-center\?status_height=24$/);
    await expect(page.locator('.music-empty')).toHaveText('No data');
  });
});

test.describe('song lists', () => {
  test('ten songs at a time with show more and less; play all and a song through the host', async ({ page }) => {
    const problems = watch(page);
    await withHost(page, user().state);
    await open(page, '/oppo-music');
    const fresh = page.locator('.playlist').filter({ hasText: 'New This Week' });
    await expect(fresh.locator('.song')).toHaveCount(10);
    await fresh.getByRole('button', { name: 'Show more' }).click();
    await expect(fresh.locator('.song')).toHaveCount(20);
    await fresh.getByRole('button', { name: 'Show more' }).click();
    await expect(fresh.locator('.song')).toHaveCount(22);
    await expect(fresh.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await fresh.getByRole('button', { name: 'Show less' }).click();
    await expect(fresh.locator('.song')).toHaveCount(20);
    await expect(fresh.locator('.badge.is-paid').first()).toHaveText('Paid');
    await fresh.getByRole('button', { name: 'Play all' }).click();
    const daily = page.locator('.playlist').filter({ hasText: 'Daily Mix' });
    await daily.getByRole('button', { name: 'Play Harbour Lights' }).click();
    await expect(daily.locator('.song.is-playing .song-name')).toHaveText('Harbour Lights');
    expect((await launched(page)).map((c) => [c.resourceId, c.type])).toEqual([
      ['p-new', 'playlist'],
      ['s01', 'song'],
    ]);
    await page.getByRole('button', { name: 'Find more music' }).click();
    expect(await hostCalls(page, 'foundMusic')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("the app's own list from getSonglistInfo, editable in the app", async ({ page }) => {
    await withHost(page, user().state);
    await open(page, '/oppo-music', '&id=1');
    const own = page.locator('.playlist').first();
    await expect(own.locator('h2')).toHaveText('Favourites');
    await expect(own.locator('.badge.is-vip')).toHaveCount(1);
    await own.getByRole('button', { name: 'Edit playlist' }).click();
    expect(await hostCalls(page, 'goEditSonglist')).toEqual([{ id: '1' }]);
  });

  for (const [code, message] of [
    ['no_copyright', 'This song has no copyright yet'],
    ['vip_only', 'Song is membership only'],
    ['paid', 'Paid song: go to the app to buy'],
    ['no_lyrics', 'No lyrics'],
    ['unsupported_version', 'Failed to open Music, current app version does not support this song'],
  ] as const) {
    test(`a play error "${code}" says: ${message}`, async ({ page }) => {
      await withHost(page, user({ playError: code }).state);
      await open(page, '/oppo-music');
      await page.getByRole('button', { name: 'Play Harbour Lights' }).first().click();
      await expect(page.locator('.toast')).toHaveText(message);
    });
  }

  test('a non-member hears 60 seconds of a VIP song, then is asked to join', async ({ page }) => {
    await page.clock.install();
    await withHost(page, user().state);
    await open(page, '/oppo-music');
    await page.getByRole('button', { name: 'Play Monsoon Letters' }).first().click();
    await page.clock.fastForward(59_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.fastForward(1_500);
    await expect(page.getByRole('alertdialog')).toContainText('Your 60-second preview has ended.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Become a member' }).click();
    await expect(page).toHaveURL(/\/vip-center\?status_height=24$/);
  });
});

test.describe('spatial audio', () => {
  test('on a phone without it: the notice, and normal playback', async ({ page }) => {
    await withHost(page, user({ spatialAudio: false, account: MEMBER_ACCOUNT }).state);
    await open(page, '/center-station');
    await page.locator('.spatial .song-play').first().click();
    await expect(page.locator('.toast')).toHaveText('Device not supported for spatial audio, switched to normal playback');
    expect((await launched(page)).map((c) => c.type)).toEqual(['song']);
  });

  test('for a non-member, in zh-CN dark: the notice, and normal playback', async ({ page }) => {
    await withHost(page, user().state);
    await open(page, '/zh-CN/center-station', '&dark=1&bgColor=262626');
    await page.locator('.spatial .song-play').first().click();
    await expect(page.locator('.toast')).toHaveText('空间音频需开通会员，已切换为普通播放');
    expect((await launched(page)).map((c) => c.type)).toEqual(['song']);
  });

  test('for a member on a phone with it: spatial playback', async ({ page }) => {
    await withHost(page, user({ account: MEMBER_ACCOUNT }).state);
    await open(page, '/center-station');
    await page.locator('.spatial .song-play').first().click();
    expect((await launched(page)).map((c) => c.type)).toEqual(['spatial']);
    await expect(page.locator('.toast')).toHaveCount(0);
  });
});
