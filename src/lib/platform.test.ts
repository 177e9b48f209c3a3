import { describe, expect, it } from 'vitest';
import { olderThan } from './app-version';
import { appLink, detectBrand, detectPlatform } from './platform';

// Real-looking Android WebView and browser user agents.
const wv = (model: string, android = '13') =>
  `Mozilla/5.0 (Linux; Android ${android}; ${model} Build/TP1A.220905.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36`;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const REDUCED = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const OPPO_CN =
  'Mozilla/5.0 (Linux; U; Android 10; zh-cn; PDEM10 Build/QKQ1.191222.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.80 Mobile Safari/537.36 HeyTapBrowser/10.7.29.2';

describe('detectPlatform', () => {
  it('reads Android WebViews and browsers as android', () => {
    expect(detectPlatform(wv('CPH2451'))).toBe('android');
    expect(detectPlatform(REDUCED)).toBe('android');
    expect(detectPlatform(OPPO_CN)).toBe('android');
  });

  it('reads iPhone and iPad as ios', () => {
    expect(detectPlatform(IPHONE)).toBe('ios');
    expect(detectPlatform(IPAD)).toBe('ios');
  });

  it('reads desktops and empty strings as other', () => {
    expect(detectPlatform(DESKTOP)).toBe('other');
    expect(detectPlatform('')).toBe('other');
  });
});

describe('detectBrand from the user agent', () => {
  it.each([
    ['OPPO Reno8 (CPH2359)', wv('CPH2359')],
    ['OPPO A78 (CPH2483)', wv('CPH2483')],
    ['OPPO China model PDEM10', OPPO_CN],
    ['OPPO China model PHM110', wv('PHM110')],
    ['the word OPPO', wv('OPPO R11', '8.1.0')],
  ])('finds oppo: %s', (_, ua) => {
    expect(detectBrand(ua)).toBe('oppo');
  });

  it.each([
    ['RMX3363', wv('RMX3363', '12')],
    ['the word realme', wv('realme GT Neo')],
  ])('finds realme: %s', (_, ua) => {
    expect(detectBrand(ua)).toBe('realme');
  });

  it.each([
    ['OnePlus 9 Pro (LE2123)', wv('LE2123')],
    ['OnePlus 10 Pro (NE2213)', wv('NE2213')],
    ['OnePlus 12 (CPH2581), before the OPPO CPH rule', wv('CPH2581', '14')],
    ['old ONEPLUS A6003', wv('ONEPLUS A6003', '10')],
    ['OnePlus 8T (KB2003)', wv('KB2003', '11')],
  ])('finds oneplus: %s', (_, ua) => {
    expect(detectBrand(ua)).toBe('oneplus');
  });

  it('finds other phones, iPhones and reduced UAs as other', () => {
    expect(detectBrand(wv('SM-S918B'))).toBe('other');
    expect(detectBrand(wv('Pixel 8'))).toBe('other');
    expect(detectBrand(IPHONE)).toBe('other');
    expect(detectBrand(REDUCED)).toBe('other');
  });
});

describe('detectBrand with the host manufacturer', () => {
  it('lets the manufacturer win over the user agent', () => {
    expect(detectBrand(wv('CPH2581'), 'OPPO')).toBe('oppo');
    expect(detectBrand(REDUCED, 'OnePlus')).toBe('oneplus');
    expect(detectBrand(REDUCED, ' realme ')).toBe('realme');
    expect(detectBrand(wv('RMX3363'), 'samsung')).toBe('other');
  });

  it('falls back to the user agent when the manufacturer is empty', () => {
    expect(detectBrand(wv('RMX3363'), '')).toBe('realme');
    expect(detectBrand(wv('RMX3363'), null)).toBe('realme');
  });
});

describe('appLink and olderThan', () => {
  it('links to our own path in the app', () => {
    expect(appLink('/zh-CN/center-station')).toBe('oppomusic://web/zh-CN/center-station');
    expect(appLink('download')).toBe('oppomusic://web/download');
  });

  it("carries the page's query, written again, without the session", () => {
    expect(appLink('/song-test', '?id=7')).toBe('oppomusic://web/song-test?id=7');
    expect(appLink('/song-test', '?app_sessionid=abc&id=7&status_height=24')).toBe('oppomusic://web/song-test?id=7');
    expect(appLink('/channel', '?plan=vip-month&dark=1&bgColor=171717&language=th')).toBe('oppomusic://web/channel?plan=vip-month');
    expect(appLink('/song-test', '?app_sessionid=abc')).toBe('oppomusic://web/song-test');
    expect(appLink('/song-test', '?APP_SESSIONID=x&app_sessionid=a&app_sessionid=b')).toBe('oppomusic://web/song-test?APP_SESSIONID=x');
  });

  it('never lets the query break out of its place in the link', () => {
    // Raw characters a link must not carry as typed come out percent-encoded.
    expect(appLink('/q-and-a', '?title=<b>"x"</b> &y=#z')).toBe('oppomusic://web/q-and-a?title=%3Cb%3E%22x%22%3C%2Fb%3E+&y=%23z');
    expect(appLink('/q-and-a', '?next=javascript:alert(1)')).toBe('oppomusic://web/q-and-a?next=javascript%3Aalert%281%29');
    expect(appLink('/q-and-a', '')).toBe('oppomusic://web/q-and-a');
  });

  it.each([
    ['9.8.1', '10.0.0', true],
    ['10.0.0', '10.0.0', false],
    ['10.0', '10.0.0', false],
    ['12.3.0', '10.0.0', false],
    ['10.0.0.1', '10.0.0', false],
    ['9.99.99', '10', true],
    ['', '10.0.0', true],
    [undefined, '10.0.0', true],
    ['12.3.0-beta', '10.0.0', true],
    ['1e3', '10.0.0', true],
  ])('olderThan(%j, %s) is %s', (version, min, older) => {
    expect(olderThan(version, min)).toBe(older);
  });
});
