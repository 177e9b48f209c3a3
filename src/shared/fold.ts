/**
 * Text as search compares it, on the server (server/api/search-text.ts) and in the page that marks
 * what matched (./help/highlight.ts): "Lời Bài Hát" and "loi bai hat" are one text, as are
 * "Đăng nhập" and "dang nhap", and a full-width "ＶＩＰ" and "vip". Thai keeps its marks: its vowels
 * and tone marks are combining marks, and without them a Thai word is another word or none (คืน,
 * return, would read คน, person). Chinese has no marks to lose.
 */

// Combining marks of every script but Thai (U+0E00–U+0E7F), where they are letters of the word.
const MARKS = /(?![\u0E00-\u0E7F])\p{M}/gu;

const foldPart = (text: string) => text.normalize('NFKD').replace(MARKS, '').replace(/[đĐ]/g, 'd').toLowerCase();

/**
 * A text as search compares it: compatibility forms resolved (full-width letters), accents and other
 * marks dropped outside Thai, đ as d, lower case, spaces collapsed.
 * @example fold('Lời Bài Hát') // 'loi bai hat'
 */
export const fold = (text: string): string => foldPart(text).normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * A text folded character by character, with where each folded character came from, so a match in
 * the folded text can be marked in the text itself. Spaces are kept as they are.
 * @returns the folded text and, for each of its characters, the [start, end) of its source character
 * @example foldedWithSources('Lời') // { text: 'loi', sources: [[0, 1], [1, 2], [2, 3]] }
 */
export function foldedWithSources(text: string): { text: string; sources: [number, number][] } {
  let folded = '';
  const sources: [number, number][] = [];
  for (let at = 0; at < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    // A lone combining mark (text written decomposed) folds to nothing and is marked with its letter.
    const part = foldPart(char).normalize('NFC');
    for (let i = 0; i < part.length; i++) sources.push([at, at + char.length]);
    folded += part;
    at += char.length;
  }
  return { text: folded, sources };
}
