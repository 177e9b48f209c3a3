import { describe, expect, it } from 'vitest';
import { ROUTES, routeFor } from './routes';
import { hexColor, shellState, statusHeight, themeOf } from './shell-rules';

const state = (path: string, query: string) => shellState(routeFor(path), new URLSearchParams(query));

describe('shell rules (spec §2) by route and query', () => {
  it.each([
    // route, query, padding, back bar shown
    ['vip-center', '', 0, false],
    ['vip-center', 'status_height=24', 0, false],
    ['k-recharge', 'status_height=24', 0, true],
    ['channel', 'status_height=30', 0, true],
    ['vip_license', '', 0, false],
    ['auto_renewal', 'status_height=40', 0, true],
    ['payError', '', 0, false],
    ['download', '', 0, false],
    ['vip-management', '', 0, false],
    ['renewal-management', '', 0, false],
    ['k-transactions', '', 0, false],
    ['feedback', '', 82, false],
    ['feedback', 'status_height=24', 74, true],
    ['license.html', 'status_height=0', 50, true],
    ['my-feedback', 'status_height=36.5', 86.5, true],
    ['search-keyword', '', 32, false],
    ['search-keyword', 'status_height=28', 28, false],
    ['help-feedback', 'status_height=', 82, true],
  ])('%s?%s pads %i px, back bar %s', (path, query, padding, bar) => {
    const s = state(path, query);
    expect(s.paddingTop).toBe(padding);
    expect(s.showBackBar).toBe(bar);
  });

  it('pads exactly the ten routes of spec §2 by 0', () => {
    const zero = ROUTES.filter((r) => r.padding === 'none').map((r) => r.path).sort();
    expect(zero).toEqual(
      ['auto_renewal', 'channel', 'download', 'k-recharge', 'k-transactions', 'payError', 'renewal-management', 'vip-center', 'vip-management', 'vip_license'].sort(),
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
    ['1', '123456', 'light', null],
    ['0', '000000', 'light', null],
    ['true', '000000', 'light', null],
    ['1', null, 'light', null],
    [null, 'f7f7f7', 'light', '#f7f7f7'],
    ['1', 'red;background:url(x)', 'light', null],
    ['1', '00000', 'light', null],
  ])('dark=%s bgColor=%s gives %s on %s', (dark, bg, theme, background) => {
    expect(themeOf(dark, bg)).toEqual({ theme, background });
  });

  it('applies the same rule to the query', () => {
    expect(state('feedback', 'dark=1&bgColor=262626').theme).toBe('dark2');
  });
});

describe('status_height', () => {
  it.each([
    [null, 32], ['', 32], ['24', 24], ['0', 0], ['36.5', 36.5], ['120', 120],
    ['121', 32], ['-10', 32], ['1e3', 32], ['24px', 32], ['99999999', 32], ['NaN', 32], [' 24', 32],
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
