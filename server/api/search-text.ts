/**
 * How the help centre matches what a user types against its texts: without caring for
 * case or accents, and with the words a locale's users use for the same thing.
 *
 * - Folding (src/shared/fold.ts, which the page uses to mark what matched): "Lời Bài Hát" and "loi bai
 *   hat" are one text; Thai keeps its vowel and tone marks, Chinese is as it is.
 * - Synonyms (search-synonyms.json): per locale, groups of terms a user may type for one concept,
 *   the glossary's term first (src/content/legal/glossary); a term of the group in the query finds
 *   any term of the group, so "thành viên" finds the copy's "hội viên".
 * - Words: a word in Latin script matches at the start of a word ("lyric" finds "lyrics", "xu" is
 *   not found in "tải xuống"), in Vietnamese only whole (each word is one syllable, and a syllable's
 *   beginning is another syllable: "xu" is not "xuất"). Thai and Chinese are written without spaces
 *   between words, so they match anywhere.
 */
import { fold } from '../../src/shared/fold';
import type { Locale } from '../../src/shared/locale';
import SYNONYMS from './search-synonyms.json';

/** Locales whose words are matched whole, not by their start. */
const WHOLE_WORDS: readonly Locale[] = ['vi-VN'];

/** A term of a synonym group, folded, with its group's terms. */
interface Term {
  term: string;
  group: string[];
}

const TERMS = new Map<string, Term[]>(
  Object.entries(SYNONYMS as Record<string, Record<string, string[]>>).map(([locale, groups]) => {
    const terms = Object.values(groups).flatMap((group) => {
      const folded = [...new Set(group.map(fold))];
      return folded.map((term) => ({ term, group: folded }));
    });
    // Longest first, so "bayaran balik" is taken before a shorter term inside it.
    return [locale, terms.sort((a, b) => b.term.length - a.term.length)];
  }),
);

const LATIN = /^[\p{Script=Latin}\p{N}]/u;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a query asks for: a list of needles, each a list of alternatives (a synonym group, or one
 * word), every needle to be found. Empty for a blank query.
 * @example needles('thành viên hoàn tiền', 'vi-VN') // [['hoan tien', 'hoan lai tien', 'tra lai tien', 'refund'], ['hoi vien', 'thanh vien']]
 */
export function needles(query: string, locale: Locale): string[][] {
  let rest = ` ${fold(query)} `;
  const found: string[][] = [];
  for (const { term, group } of TERMS.get(locale) ?? []) {
    // A Latin-script term is taken only as whole words of the query; Thai and Chinese anywhere.
    const at = LATIN.test(term) ? rest.indexOf(` ${term} `) : rest.indexOf(term);
    if (at === -1) continue;
    const end = at + (LATIN.test(term) ? term.length + 2 : term.length);
    rest = `${rest.slice(0, at)} ${rest.slice(end)}`;
    if (!found.includes(group)) found.push(group);
  }
  return [
    ...found,
    ...rest
      .split(' ')
      .filter(Boolean)
      .map((word) => [word]),
  ];
}

/**
 * Tells whether a folded text holds a needle's alternative, as the locale matches words.
 * @returns a test to run on texts made by fold()
 * @example const inText = matcher(['hoi vien', 'thanh vien'], 'vi-VN'); inText(fold('Quyền lợi hội viên')) // true
 */
export function matcher(alternatives: string[], locale: Locale): (folded: string) => boolean {
  const whole = WHOLE_WORDS.includes(locale);
  const tests = alternatives.map((alternative) => {
    if (!LATIN.test(alternative)) return (text: string) => text.includes(alternative);
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(alternative)}${whole ? '(?![\\p{L}\\p{N}])' : ''}`, 'u');
    return (text: string) => pattern.test(text);
  });
  return (text) => tests.some((test) => test(text));
}
