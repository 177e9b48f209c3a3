import { describe, expect, it } from 'vitest';
import { ROUTES, routeFor, type RoutePath } from './routes';
import { hexColor, statusHeight, themeOf, readQuery } from './shell-rules';
import { shellState } from './shell-state';

/** WCAG 2 relative luminance of `rrggbb`, the exact piecewise sRGB curve. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const state = (path: RoutePath, query: string) => shellState(routeFor(path), new URLSearchParams(query));

describe('shell rules (spec §2) by route and query', () => {
  // The padding that follows from these (base.css) is checked on the built pages, tests/e2e/shell.spec.ts.
  it.each([
    // route, query, back bar shown
    ['vip-center', '', false],
    ['vip-center', 'status_height=24', false],
    ['k-recharge', 'status_height=24', true],
    ['channel', 'status_height=30', true],
    ['vip_license', '', false],
    ['auto_renewal', 'status_height=40', true],
    ['payError', '', false],
    ['download', '', false],
    ['vip-management', '', false],
    ['renewal-management', '', false],
    ['k-transactions', '', false],
    ['feedback', '', false],
    ['feedback', 'status_height=24', true],
    ['license.html', 'status_height=0', true],
    ['my-feedback', 'status_height=36.5', true],
    ['search-keyword', '', false],
    ['search-keyword', 'status_height=28', false],
    ['help-feedback', 'status_height=', true],
    ['license.html', '', false],
  ] satisfies [RoutePath, string, boolean][])('%s?%s shows the back bar: %s', (path, query, bar) => {
    expect(state(path, query).showBackBar).toBe(bar);
  });

  it('pads exactly the ten routes of spec §2 by 0', () => {
    const zero = ROUTES.filter((r) => r.padding === 'none')
      .map((r) => r.path)
      .sort();
    expect(zero).toEqual(
      [
        'auto_renewal',
        'channel',
        'download',
        'k-recharge',
        'k-transactions',
        'payError',
        'renewal-management',
        'vip-center',
        'vip-management',
        'vip_license',
      ].sort(),
    );
  });

  it('takes the title from the query on q-and-a and detail-questions only, as plain text', () => {
    expect(state('q-and-a', 'title=How%20do%20I%20pay%3F').titleText).toBe('How do I pay?');
    expect(state('detail-questions', 'title=%3Cimg%20src%3Dx%3E').titleText).toBe('<img src=x>');
    expect(state('feedback', 'title=Hello').titleText).toBeNull();
  });

  it('drops bidi overrides and control characters from the title and caps its length', () => {
    expect(state('q-and-a', 'title=%E2%80%AEabc%0Adef').titleText).toBe('abcdef');
    expect(state('q-and-a', `title=${'x'.repeat(500)}`).titleText).toHaveLength(60);
    expect(state('q-and-a', 'title=%E2%80%8F%20').titleText).toBeNull();
  });

  it('reads "my feedback" as the title when data1 is present on other pages', () => {
    expect(state('my-feedback', 'data1=1').myFeedbackTitle).toBe(true);
    expect(state('feedback', 'data1=').myFeedbackTitle).toBe(true);
    expect(state('feedback', '').myFeedbackTitle).toBe(false);
    expect(state('q-and-a', 'title=Lyrics&data1=1').myFeedbackTitle).toBe(false);
  });
});

describe('theme (spec §4)', () => {
  it.each([
    ['1', '000000', 'dark', '#000000'],
    ['1', '171717', 'dark1', '#171717'],
    ['1', '#262626', 'dark2', '#262626'],
    ['1', 'ffffff', 'light', '#ffffff'],
    // spec §4: any other value gives light, on bgColor where black text reads; on a darker colour the
    // light palette keeps its own background, where its text reads.
    ['1', '123456', 'light', null],
    ['0', '000000', 'light', null],
    ['true', '000000', 'light', null],
    ['0', '171717', 'light', null],
    [null, 'f7f7f7', 'light', '#f7f7f7'],
    // Where the palette's links would fall under 4.5:1, all text is black.
    ['0', 'ff0000', 'light-ink', '#ff0000'],
    ['0', 'c0c0c0', 'light-ink', '#c0c0c0'],
    ['0', '0000ff', 'light', null],
    ['0', '4a4a4a', 'light', null],
    ['0', '2a2a2a', 'light', null],
    ['1', null, 'light', null],
    ['1', 'red;background:url(x)', 'light', null],
    ['1', '00000', 'light', null],
  ])('dark=%s bgColor=%s gives %s on %s', (dark, bg, theme, background) => {
    expect(themeOf(dark, bg)).toEqual({ theme, background });
  });

  it('keeps every text colour at 4.5:1 or more on any background', () => {
    const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    // The light palette's weakest text (base.css): its links; ink is pure black. Without a background
    // of the host's, the palette's own (white) is painted.
    const links = luminance('0b6b3a');
    for (let i = 0; i < 4096; i++) {
      const hex = [i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('');
      const { theme, background } = themeOf('0', hex);
      expect(theme === 'light' || theme === 'light-ink', hex).toBe(true);
      expect(contrast(background ? luminance(hex) : 1, theme === 'light-ink' ? 0 : links), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('applies the same rule to the query', () => {
    expect(state('feedback', 'dark=1&bgColor=262626').theme).toBe('dark2');
  });
});

describe('status_height', () => {
  it.each([
    [null, 32],
    ['', 32],
    ['24', 24],
    ['0', 0],
    ['36.5', 36.5],
    ['120', 120],
    ['121', 32],
    ['-10', 32],
    ['1e3', 32],
    ['24px', 32],
    ['99999999', 32],
    ['NaN', 32],
    [' 24', 32],
  ])('%j reads as %i', (raw, expected) => {
    expect(statusHeight(raw)).toBe(expected);
  });
});

describe('hexColor', () => {
  it('accepts six hex digits only', () => {
    expect(hexColor('ABCDEF')).toBe('abcdef');
    expect(hexColor('#0a0b0c')).toBe('0a0b0c');
    for (const bad of ['fff', 'gggggg', 'ffffff;', 'url(x)', '', 42, null]) expect(hexColor(bad)).toBeNull();
  });
});

describe('readQuery: what the shell reads, and the session taken out of the address (issue 40)', () => {
  it('reads the first value of a name, decoded', () => {
    const query = readQuery('?title=%3Cb%3E+x&dark=1&dark=0&flag');
    expect([query.get('title'), query.get('dark'), query.get('flag'), query.get('none'), query.has('flag')]).toEqual(['<b> x', '1', '', null, true]);
  });

  it('keeps every pair but the session exactly as written, malformed escapes included', () => {
    expect(readQuery('?id=7&app_sessionid=s1&title=%3Cb%3E&dark=1').rest).toBe('id=7&title=%3Cb%3E&dark=1');
    expect(readQuery('?app_sessionid=s1').rest).toBe('');
    expect(readQuery('').rest).toBe('');
    expect(readQuery('?app_sessionid=a&x=1&app_sessionid=b&app_sessionid').rest).toBe('x=1');
    // Escaped, the name is still the name (and its value, malformed, is dropped with it).
    expect(readQuery('?app%5Fsessionid=s1&a=1&app_sessionid=%E0%A4%A').rest).toBe('a=1');
    expect(readQuery('?app_sessionid2=s&my_app_sessionid=t&%E0%A4%A=1').rest).toBe('app_sessionid2=s&my_app_sessionid=t&%E0%A4%A=1');
  });
});
