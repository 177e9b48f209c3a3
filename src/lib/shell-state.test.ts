import { describe, expect, it } from 'vitest';
import { ROUTES, routeFor, type RoutePath } from '../shared/routes';
import { shellState } from './shell-state';

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
  it('reads dark and bgColor from the query by the rule of src/shared/shell-rules.ts', () => {
    expect(state('feedback', 'dark=1&bgColor=262626').theme).toBe('dark2');
  });
});
