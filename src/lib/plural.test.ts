import { describe, expect, it } from 'vitest';
import { branches, counted } from './plural';

const DAYS = '{days, plural, one {# day} other {# days}} of {tier}';

describe('counted: plural blocks by Intl.PluralRules', () => {
  it('picks the branch of the locale’s category, the number written as the locale writes it', () => {
    expect(counted(DAYS, 'en-US', { days: 1 })).toBe('1 day of {tier}');
    expect(counted(DAYS, 'en-US', { days: 1234 })).toBe('1,234 days of {tier}');
    expect(counted('{days, plural, other {# 天}}', 'zh-CN', { days: 1 })).toBe('1 天');
    // Filipino puts 1 and many other numbers in "one".
    expect(counted('{n, plural, one {# araw!} other {# na araw}}', 'fil-PH', { n: 3 })).toBe('3 araw!');
  });

  it('an exact =n branch wins over the category, and placeholders inside a branch are left for the lookup', () => {
    expect(counted('{n, plural, =0 {none} one {one, until {date}} other {# until {date}}}', 'en-US', { n: 0 })).toBe('none');
    expect(counted('{n, plural, =0 {none} one {one, until {date}} other {# until {date}}}', 'en-US', { n: 2 })).toBe('2 until {date}');
  });

  it('leaves a block whose count is missing as it is, rather than writing NaN', () => {
    expect(counted(DAYS, 'en-US', {})).toBe(DAYS);
  });

  it('reads the branches of a block', () => {
    expect(branches(' one {# day} other {# days}')).toEqual({ one: '# day', other: '# days' });
  });
});
