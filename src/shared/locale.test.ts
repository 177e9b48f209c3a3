import { describe, expect, it } from 'vitest';
import { LOCALES, normalizeLocale, pickLocale } from './locale';

describe('normalizeLocale', () => {
  it.each([
    ['zh_CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh_SG', 'zh-CN'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-HK'],
    ['zh_HK', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['in-ID', 'id-ID'],
    ['in', 'id-ID'],
    ['id', 'id-ID'],
    ['ID_id', 'id-ID'],
    ['tl', 'fil-PH'],
    ['tl-PH', 'fil-PH'],
    ['fil', 'fil-PH'],
    ['fil_PH', 'fil-PH'],
    ['th', 'th-TH'],
    ['TH', 'th-TH'],
    ['vi', 'vi-VN'],
    ['vi_VN', 'vi-VN'],
    ['ms', 'ms-MY'],
    ['ms-MY', 'ms-MY'],
    ['en', 'en-US'],
    ['en_GB', 'en-US'],
    [' th-TH ', 'th-TH'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });

  it.each([['fr-FR'], ['ja'], [''], ['//evil.example'], ['../zh-CN'], ['x'.repeat(40)]])('rejects %j', (input) => {
    expect(normalizeLocale(input)).toBeNull();
  });

  it('finds nothing for names on the object prototype', () => {
    for (const value of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'constructor-US']) expect(normalizeLocale(value)).toBeNull();
  });

  it('rejects values that are not strings', () => {
    for (const value of [null, undefined, 42, {}, ['th']]) expect(normalizeLocale(value)).toBeNull();
  });

  it('maps each of the nine locales to itself', () => {
    for (const locale of LOCALES) expect(normalizeLocale(locale)).toBe(locale);
  });
});

describe('pickLocale', () => {
  it('takes the first supported candidate: query, then host', () => {
    expect(pickLocale('vi', 'th')).toBe('vi-VN');
    expect(pickLocale(null, 'in_ID')).toBe('id-ID');
    expect(pickLocale('klingon', 'zh_TW')).toBe('zh-TW');
  });

  it('falls back to en-US when nothing is supported', () => {
    expect(pickLocale(null, undefined, 'fr')).toBe('en-US');
  });
});
