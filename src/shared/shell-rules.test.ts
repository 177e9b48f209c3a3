import { describe, expect, it } from 'vitest';
import { hexColor, statusHeight, themeOf, readQuery } from './shell-rules';

/** WCAG 2 relative luminance of `rrggbb`, the exact piecewise sRGB curve. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

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
