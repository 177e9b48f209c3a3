import { describe, expect, test } from 'vitest';
import { BLOCKED_REGION, changedFields, defaultSettings, endOfDay, frameUrl, hostState, readSettings } from './model';

const NOW = Date.UTC(2026, 0, 10, 12);
const base = defaultSettings(NOW);

describe('frameUrl writes the URL as the app opens it', () => {
  test('en-US is unprefixed, with status_height and the theme in the query', () => {
    expect(frameUrl({ ...base, route: 'feedback' }, 'sim-session')).toBe('/feedback?status_height=24&dark=0&bgColor=ffffff&app_sessionid=sim-session');
  });

  test('another locale by path prefix, dark1', () => {
    expect(frameUrl({ ...base, route: 'vip-center', locale: 'zh-CN', theme: 'dark1' }, 'sim-session')).toBe(
      '/zh-CN/vip-center?status_height=24&dark=1&bgColor=171717&app_sessionid=sim-session',
    );
  });

  test('the home page of a locale is the locale itself', () => {
    expect(frameUrl({ ...base, route: '', locale: 'th-TH', statusHeight: null, themeVia: 'host' }, 'sim-session')).toBe('/th-TH?app_sessionid=sim-session');
    expect(frameUrl({ ...base, route: '', statusHeight: null, themeVia: 'host' }, 'sim-session')).toBe('/?app_sessionid=sim-session');
  });

  test('locale by the language query, Android spelling; extra query appended', () => {
    expect(
      frameUrl({ ...base, route: 'q-and-a', locale: 'zh-TW', localeVia: 'query', statusHeight: null, extraQuery: '?title=Hi there&data1=1' }, 'sim-session'),
    ).toBe('/q-and-a?language=zh_TW&dark=0&bgColor=ffffff&title=Hi+there&data1=1&app_sessionid=sim-session');
  });

  test('signed out: no session in the URL', () => {
    expect(frameUrl({ ...base, route: 'feedback' }, '')).toBe('/feedback?status_height=24&dark=0&bgColor=ffffff');
  });

  test('locale by host only: unprefixed, no language query', () => {
    expect(frameUrl({ ...base, route: 'feedback', locale: 'vi-VN', localeVia: 'host', themeVia: 'host' }, 'sim-session')).toBe(
      '/feedback?status_height=24&app_sessionid=sim-session',
    );
  });
});

describe('hostState maps the controls onto the fake host', () => {
  test('signed out answers isLogin false only', () => {
    expect(hostState({ ...base, signedIn: false }, NOW).account).toEqual({ isLogin: false });
  });

  test('an active SVIP member', () => {
    const { account } = hostState({ ...base, membership: 'svip', expiry: '2026-02-01' }, NOW);
    expect(account).toMatchObject({ isLogin: true, vip: { is_vip: 1, valid_time: endOfDay('2026-02-01') }, vipType: 1, svipType: 1, is_member: 1 });
  });

  test('a past expiry is a lapsed member', () => {
    const { account } = hostState({ ...base, membership: 'vip', expiry: '2025-12-31' }, NOW);
    expect(account).toMatchObject({ vip: { is_vip: 0 }, vipType: 1, svipType: 0, is_member: 0 });
  });

  test('device, region, theme and outcomes', () => {
    const state = hostState(
      { ...base, brand: 'Realme', appVersion: '9.0.1', paymentBlocked: true, theme: 'dark2', locale: 'id-ID', payOutcome: 'cancel', uploadOutcome: 'slow' },
      NOW,
    );
    expect(state.baseInfo).toMatchObject({
      dev_manufacturer: 'realme',
      dev_model: 'RMX3363',
      dev_app_version: '9.0.1',
      dev_region: BLOCKED_REGION,
      language: 'id_ID',
    });
    expect(state).toMatchObject({ dark: 1, bgColor: '262626', payOutcome: 'cancel', uploadOutcome: 'slow' });
    expect(hostState({ ...base, locale: 'id-ID' }, NOW).baseInfo.dev_region).toBe('ID');
  });
});

test('readSettings keeps only well-typed saved fields', () => {
  const settings = readSettings({ theme: 'dark2', coins: 'lots', statusHeight: null, locale: 'fr-FR', unknown: 1, replyDelayMs: Infinity }, NOW);
  expect(settings).toMatchObject({ theme: 'dark2', coins: base.coins, statusHeight: null, locale: 'en-US', replyDelayMs: base.replyDelayMs });
  expect(settings).not.toHaveProperty('unknown');
  expect(readSettings('garbage', NOW)).toEqual(base);
  expect(readSettings({ uploadFile: 'constructor' }, NOW).uploadFile).toBe('video');
});

test('the file control decides what the picker hands over, the 201 MB one included', () => {
  expect(hostState({ ...base, uploadFile: 'huge' }, NOW).file).toEqual({ name: 'concert.mp4', size: 201 * 1024 * 1024, mime: 'video/mp4' });
  expect(hostState(readSettings({ uploadFile: 'document' }, NOW), NOW).file?.mime).toBe('application/pdf');
});

test('changedFields sends only what changed', () => {
  const before = hostState(base, NOW);
  expect(changedFields(before, hostState({ ...base, coins: 5 }, NOW))).toEqual({ coins: 5 });
});

test("the abandon question: the page's own dialog by default; the app's, answering continue or abandon", () => {
  const base = defaultSettings(NOW);
  expect(hostState(base, NOW)).toMatchObject({ missing: ['launchHTDialog2'] });
  expect(hostState({ ...base, appDialog: 'abandon' }, NOW)).toMatchObject({ missing: [], dialogAnswer: 1 });
  expect(hostState({ ...base, appDialog: 'continue' }, NOW)).toMatchObject({ missing: [], dialogAnswer: 0 });
  expect(readSettings({ appDialog: 'sometimes' }, NOW).appDialog).toBe('page');
});
