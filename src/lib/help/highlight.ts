/**
 * A search result's text cut into plain and matching pieces, for the page to render each as text (a
 * `<mark>` around the matches): never built as HTML, so the text and the query stay inert.
 */

import { fold, foldedWithSources } from '../../shared/fold';

export interface Piece {
  text: string;
  match: boolean;
}

/**
 * Matches of any word of the query, without caring for case or accents as the search does
 * (src/shared/fold.ts: "loi" marks "Lời"); overlapping or touching matches merge.
 * @example highlight('Lyrics out of sync', 'sync lyr') // [{ text: 'Lyr', match: true }, { text: 'ics out of ', match: false }, { text: 'sync', match: true }]
 */
export function highlight(text: string, query: string): Piece[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [{ text, match: false }];
  const { text: folded, sources } = foldedWithSources(text);
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) marked.fill(true, sources[at]![0], sources[at + word.length - 1]![1]);
  }
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length;) {
    let end = i;
    while (end < text.length && marked[end] === marked[i]) end++;
    pieces.push({ text: text.slice(i, end), match: marked[i]! });
    i = end;
  }
  return pieces;
}

/** Recent searches, newest first, no repeats (case-insensitive), at most `max`. */
export function remember(recent: readonly string[], query: string, max = 8): string[] {
  const q = query.trim();
  if (!q) return [...recent];
  return [q, ...recent.filter((r) => r.toLocaleLowerCase() !== q.toLocaleLowerCase())].slice(0, max);
}
