/**
 * Every locale has exactly the keys of en-US, none empty, and every key is used somewhere in the code
 * (STYLE.md habit 6).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locale';
import { ROUTES, titleKey } from '../../src/shared/routes';
import { branches, PLURAL_BLOCK } from '../../src/lib/plural';

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(readFileSync(`src/shared/messages/${locale}.json`, 'utf8'));
const flatten = (tree: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
const base = flatten(load('en-US'));
const baseKeys = base.map(([key]) => key);

describe.each(LOCALES)('messages %s', (locale) => {
  const entries = flatten(load(locale));

  it('has no missing or extra key', () => {
    const keys = entries.map(([key]) => key);
    expect(baseKeys.filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !baseKeys.includes(k))).toEqual([]);
  });

  it('has no empty value', () => {
    expect(entries.filter(([, value]) => typeof value !== 'string' || !value.trim()).map(([key]) => key)).toEqual([]);
  });

  it('has the placeholders of en-US in every message', () => {
    const names = (value: unknown) => [...new Set([...String(value).matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();
    const english = new Map(base);
    const differ = entries.filter(([key, value]) => names(value).join() !== names(english.get(key)).join()).map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it("writes every plural block with exactly the locale's plural categories (Intl.PluralRules), # for the number", () => {
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    const blocks = entries.flatMap(([key, value]) => [...String(value).matchAll(PLURAL_BLOCK)].map((m) => ({ key, forms: branches(m[2]!) })));
    const wrong = blocks.filter(({ forms }) => {
      const named = Object.keys(forms).filter((k) => !k.startsWith('='));
      return named.sort().join() !== categories.join() || Object.values(forms).some((form) => !form.includes('#'));
    });
    expect(wrong.map((b) => b.key)).toEqual([]);
    // A block the pattern does not read would be shown to the user as it is.
    const unread = entries.filter(([, value]) => String(value).includes(', plural,') && String(value).replace(PLURAL_BLOCK, '').includes(', plural,'));
    expect(unread.map(([key]) => key)).toEqual([]);
  });

  if (locale !== 'en-US') {
    it("translates every value: none equals en-US but those the locale's glossary allows", () => {
      const english = new Map(base);
      // A rule of "more than 3 words" once let 37 short English labels through in fil-PH ("Customer
      // service", "Phone number"). Only what the locale writes as English itself is listed: VIP, OK, formats.
      const { sameAsEnglish } = JSON.parse(readFileSync(`src/i18n/glossary/${locale}.json`, 'utf8')) as { sameAsEnglish: string[] };
      const copied = entries.filter(([key, value]) => english.get(key) === value && !sameAsEnglish.includes(key));
      expect(copied.map(([key]) => key)).toEqual([]);
      // An allowance that no longer applies is taken out, so the list stays the locale's real exceptions.
      expect(sameAsEnglish.filter((key) => english.get(key) !== entries.find(([k]) => k === key)?.[1])).toEqual([]);
    });
  }
});

describe('message keys', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx|astro|mjs)$/.test(name) && !name.includes('.test.') ? [readFileSync(path, 'utf8')] : [];
    });
  const code = sources('src').join('\n');

  it('has a title for every route', () => {
    const titles = Object.keys(load('en-US').title as Tree);
    expect(ROUTES.map((r) => titleKey(r.path)).filter((k) => !titles.includes(k))).toEqual([]);
  });

  it('uses every key somewhere in src/', () => {
    const unused = baseKeys.filter((key) => {
      const [area, name] = key.split('.') as [string, string];
      if (area === 'title') return false; // titles are looked up by route, checked above
      // Used as a literal 'area.name' (t('error.noInternet'), messages.layout.back) or, for codes that
      // become keys at run time (errorKey('noInternet')), as a quoted name.
      // Whole keys only: 'vip.plan' inside 'vip.planMissing' is not a use of it.
      const whole = new RegExp(`(?<![\\w.$])${key.replace(/[.$]/g, '\\$&')}(?![\\w$])`);
      return !whole.test(code) && !code.includes(`'${name}'`) && !code.includes(`"${name}"`);
    });
    expect(unused).toEqual([]);
  });
});
