/**
 * The legal texts in nine languages: every locale has every text, written in its own language,
 * with the same structure, anchors and facts as en-US, and with the glossary's terms, in the texts and
 * in the UI messages that name the same things. Reads the Markdown sources; the built pages' `<html
 * lang>` is checked by tests/e2e/legal.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locale';
import { messages } from '../fixtures/sweep';

const ROOT = new URL('../../src/content/legal/', import.meta.url);
const NAMES = readdirSync(new URL('en-US/', ROOT))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));
const TRANSLATED = LOCALES.filter((l) => l !== 'en-US');

interface Glossary {
  terms: Record<string, string>;
  keep: string[];
  /**
   * Words the locale does not use for a term (zh-HK: 隱私, Taiwan's word; zh-CN: 个人数据 beside 个人信息), or for a
   * concept that is no term (zh-TW's formal 您: `formalYou`), as regular expressions.
   */
  avoid?: Record<string, string[]>;
}
interface Term {
  en: string;
  match: string;
  /** false: the UI may name it as suits the line (a song is a 首 in a Chinese count). */
  ui?: boolean;
}
const GLOSSARY = new URL('../../src/i18n/glossary/', import.meta.url);
const glossary = (locale: string): Glossary => JSON.parse(readFileSync(new URL(`${locale}.json`, GLOSSARY), 'utf8'));
/** An avoided word is a regular expression, so zh-CN can refuse "App" and still name the App Store. */
const says = (text: string, word: string) => new RegExp(word, 'u').test(text);
const EN_TERMS = (glossary('en-US') as unknown as { terms: Record<string, Term> }).terms;

interface Section {
  heading: string;
  level: number;
  anchor: string | null;
  /** The section number as a value: `3.` and `三、` are both 3; null when the heading has none. */
  number: number | null;
  tables: string[];
  /** The Markdown with link targets and anchors taken out. */
  text: string;
}
interface Text {
  front: Record<string, string>;
  sections: Section[];
}

const CN_DIGITS = '〇一二三四五六七八九';
function cnNumber(s: string): number {
  // 一 … 九十九: [tens]十[units].
  const [tens, units] = s.includes('十') ? s.split('十') : ['', s];
  return (s.includes('十') ? (tens ? CN_DIGITS.indexOf(tens) : 1) * 10 : 0) + (units ? CN_DIGITS.indexOf(units) : 0);
}
function sectionNumber(heading: string): number | null {
  const arabic = /^(\d+)\.\s/.exec(heading);
  if (arabic) return Number(arabic[1]);
  const chinese = /^([一二三四五六七八九十]+)、/.exec(heading);
  return chinese ? cnNumber(chinese[1]!) : null;
}

function read(locale: string, name: string): Text | null {
  try {
    return parse(readFileSync(new URL(`${locale}/${name}.md`, ROOT), 'utf8'));
  } catch {
    return null;
  }
}

function parse(source: string): Text {
  const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  const front = Object.fromEntries(
    frontmatter.split('\n').map((line) => {
      const [key, ...value] = line.split(':');
      return [
        key!.trim(),
        value
          .join(':')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      ];
    }),
  );
  const sections: Section[] = [{ heading: '', level: 1, anchor: null, number: null, tables: [], text: '' }];
  let table: string[] = [];
  const endTable = () => {
    if (table.length) sections.at(-1)!.tables.push(`${table.length} rows × ${table[0]!.split('|').length - 2} columns`);
    table = [];
  };
  for (const line of body.split('\n')) {
    if (!line.startsWith('|')) endTable();
    const heading = /^(#{2,3}) (.*?)(?:\s*\{#([\w-]+)\})?\s*$/.exec(line);
    if (heading) {
      const [, hashes, title, anchor] = heading;
      // The heading's own number is the outline's to compare, not a fact of the section's text.
      const words = title!.replace(/^(\d+\.|[一二三四五六七八九十]+、)\s*/, '');
      sections.push({ heading: title!, level: hashes!.length, anchor: anchor ?? null, number: sectionNumber(title!), tables: [], text: `${words}\n` });
      continue;
    }
    if (line.startsWith('|')) {
      if (!/^\|[\s:|-]+\|$/.test(line)) table.push(line);
      // Table cells are prose too.
    }
    sections.at(-1)!.text += `${line}\n`;
  }
  endTable();
  for (const s of sections) s.text = s.text.replace(/\]\([^)]*\)/g, ']');
  return { front, sections };
}

/** Digit runs, leading zeros dropped, so `50,000`, `50.000` and `09.00`/`9:00` compare as the same facts. */
const numbers = (s: string) => new Set([...s.matchAll(/\d+/g)].map((m) => String(Number(m[0]))));

/** The English words of the en-US texts, the vocabulary a run of untranslated English is made of. */
const ENGLISH = new Set(
  NAMES.flatMap((name) => {
    const text = read('en-US', name)!;
    return [...`${text.front.title} ${text.front.summary} ${text.sections.map((s) => s.text).join(' ')}`.matchAll(/[A-Za-z]+/g)].map((m) => m[0].toLowerCase());
  }),
);

/** Runs of three or more English words in prose: names from the glossary's `keep`, code and `lang="en"` blocks aside. */
function englishRuns(text: string, keep: string[]): string[] {
  let prose = text.replace(/<div lang="en">[\s\S]*?<\/div>/g, ' ').replace(/<[^>]+>|`[^`]*`|\S+@\S+/g, ' ');
  // Longest first, so "MIT License" goes before "MIT" would; any case, as brands are written both ways (realme, Realme).
  for (const name of [...keep].sort((a, b) => b.length - a.length)) {
    prose = prose.replace(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  const runs: string[] = [];
  // A run continues over spaces, hyphens, apostrophes and slashes; anything else ends it.
  for (const m of prose.matchAll(/[\p{Script=Latin}'’]+(?:[\s/-]+[\p{Script=Latin}'’]+)*/gu)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length >= 3) runs.push(run.join(' '));
      run = [];
    };
    for (const word of m[0].split(/[\s/-]+/)) {
      if (ENGLISH.has(word.toLowerCase().replace(/['’].*$/, ''))) run.push(word);
      else flush();
    }
    flush();
  }
  return runs;
}

/** Everything about a translation that differs from en-US, one line each. */
function differences(locale: string, name: string): string[] {
  const text = read(locale, name);
  return text ? compare(locale, read('en-US', name)!, text) : [`${locale}/${name}.md is missing`];
}

function compare(locale: string, en: Text, text: Text): string[] {
  const problems: string[] = [];
  for (const key of ['version', 'effective']) {
    if (text.front[key] !== en.front[key]) problems.push(`${key} is ${text.front[key]}, en-US has ${en.front[key]}`);
  }
  if (!text.front.title || !text.front.summary) problems.push('title or summary is missing');
  const outline = (t: Text) => t.sections.map((s) => `h${s.level} ${s.number ?? '-'} #${s.anchor ?? '?'} [${s.tables.join(', ')}]`);
  const [ours, theirs] = [outline(text), outline(en)];
  if (ours.join('\n') !== theirs.join('\n')) problems.push(`outline differs from en-US:\n  en-US: ${theirs.join(' | ')}\n  ${locale}: ${ours.join(' | ')}`);
  const pairs: [string, string, string][] = [['summary', en.front.summary!, text.front.summary ?? '']];
  en.sections.forEach((s, i) => pairs.push([s.anchor ? `#${s.anchor}` : 'the opening', s.text, text.sections[i]?.text ?? '']));
  for (const [where, source, translation] of pairs) {
    const have = numbers(translation);
    const missing = [...numbers(source)].filter((n) => !have.has(n));
    if (missing.length) problems.push(`${where}: numbers missing: ${missing.join(', ')}`);
  }
  const { terms, keep, avoid = {} } = glossary(locale);
  const all = (t: Text) => `${t.front.title}\n${t.front.summary}\n${t.sections.map((s) => s.text).join('\n')}`;
  if (locale !== 'en-US') {
    for (const run of englishRuns(all(text), keep)) problems.push(`English left in the text: "${run}"`);
  }
  for (const [id, { match }] of Object.entries(EN_TERMS)) {
    const term = terms[id]!;
    if (new RegExp(match, 'i').test(all(en)) && !all(text).toLowerCase().includes(term.toLowerCase())) {
      problems.push(`the glossary's "${term}" (${EN_TERMS[id]!.en}) is not used`);
    }
  }
  for (const [id, words] of Object.entries(avoid)) {
    for (const word of words) if (says(all(text), word)) problems.push(`says "${word}" where the glossary says "${terms[id] ?? id}"`);
  }
  return problems;
}

describe('legal texts', () => {
  it('en-US has the 13 texts, and every heading names its anchor', () => {
    expect(NAMES).toHaveLength(13);
    const unnamed = NAMES.flatMap((name) =>
      read('en-US', name)!
        .sections.slice(1)
        .filter((s) => !s.anchor)
        .map((s) => `${name}: ${s.heading}`),
    );
    expect(unnamed).toEqual([]);
  });

  for (const locale of TRANSLATED) {
    describe(locale, () => {
      it.each(NAMES)(`%s: written in ${locale}, with the structure, anchors, facts and terms of en-US`, (name) => {
        expect(differences(locale, name)).toEqual([]);
      });

      it('has a glossary term for every term, and the UI messages name things as the glossary does', () => {
        const { terms, avoid = {} } = glossary(locale);
        expect(Object.keys(terms).sort()).toEqual(Object.keys(EN_TERMS).sort());
        const en = messages('en-US');
        const ours = messages(locale);
        const problems: string[] = [];
        for (const [id, { match, ui }] of Object.entries(EN_TERMS)) {
          if (ui === false) continue;
          const term = terms[id]!.toLowerCase();
          for (const [key, value] of en) {
            // `{coins}` is a placeholder, not the word.
            if (new RegExp(match, 'i').test(value.replace(/\{\w+\}/g, '')) && !ours.get(key)?.toLowerCase().includes(term)) {
              problems.push(`${key}: "${ours.get(key)}" does not say "${terms[id]}" (${EN_TERMS[id]!.en})`);
            }
          }
        }
        for (const [id, words] of Object.entries(avoid)) {
          for (const [key, value] of ours) {
            for (const word of words) if (says(value, word)) problems.push(`${key}: "${value}" says "${word}" where the glossary says "${terms[id] ?? id}"`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }

  it('the check finds what it is for: a missing text, a changed outline, a lost number, a word the glossary avoids, English left in', () => {
    expect(differences('xx-XX', 'license')).toEqual(['xx-XX/license.md is missing']);
    const en = parse(
      '---\ntitle: "T"\nversion: "1.0"\neffective: 2026-08-01\nsummary: "S"\n---\n## 1. Refunds {#refunds}\n\nWithin 7 days.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    const zh = (body: string) => parse(`---\ntitle: "标题"\nversion: "1.0"\neffective: 2026-08-01\nsummary: "摘要"\n---\n${body}`);
    expect(compare('zh-CN', en, zh('## 一、退款 {#refunds}\n\n7 天内。\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n'))).toEqual([]);
    expect(compare('zh-CN', en, zh('## 一、退款 {#refund}\n\n7 天内。\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n'))[0]).toMatch(/^outline differs/);
    expect(compare('zh-CN', en, zh('## 二、退款 {#refunds}\n\n7 天内。\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n'))[0]).toMatch(/^outline differs/);
    expect(compare('zh-CN', en, zh('## 一、退款 {#refunds}\n\n7 天内。\n\n| 甲 | 乙 |\n|---|---|\n'))[0]).toMatch(/^outline differs/);
    expect(compare('zh-CN', en, zh('## 一、退款 {#refunds}\n\n一周内。\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n'))).toEqual(['#refunds: numbers missing: 7']);
    expect(compare('zh-HK', en, zh('## 1. 退款 {#refunds}\n\n7 日內，見隱私政策。\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n'))).toEqual([
      'says "隱私" where the glossary says "私隱政策"',
    ]);
    expect(englishRuns('会员可以 download up to 300 首歌曲', [])).toEqual(['download up to']);
    expect(englishRuns('Harbour Audio Pte. Ltd. 运营', ['Harbour Audio Pte. Ltd.'])).toEqual([]);
    expect(englishRuns('ดาวน์โหลด `Copyright (c) 2021 the authors of this` ได้', [])).toEqual([]);
    expect([...numbers('50.000 koin, pukul 09.00')]).toEqual(['50', '0', '9']);
    expect(sectionNumber('十二、联系我们')).toBe(12);
    expect(sectionNumber('3. Plans')).toBe(3);
  });
});
