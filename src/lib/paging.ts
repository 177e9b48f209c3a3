/**
 * A list loaded page by page with a cursor (coin records, feedback): pages added in order without
 * duplicates (an item that moved across a page boundary between two requests shows once).
 */

export interface RecordLike {
  id: string;
  createdAt: number;
}

export interface Paged<T extends RecordLike> {
  items: T[];
  /** The cursor of the next page; null before the first page and after the last. */
  next: string | null;
  /** The last page has been loaded. */
  done: boolean;
}

/** @example let list = emptyPaged<Tx>() */
export const emptyPaged = <T extends RecordLike>(): Paged<T> => ({ items: [], next: null, done: false });

/**
 * The list with a page added. `fresh` starts over (pull to refresh): the page replaces what was there.
 * @example list = addPage(list, { items, next }) // next null → done
 */
export function addPage<T extends RecordLike>(list: Paged<T>, page: { items: T[]; next: string | null }, fresh = false): Paged<T> {
  const items = fresh ? [] : [...list.items];
  const seen = new Set(items.map((item) => item.id));
  for (const item of page.items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return { items, next: page.next, done: page.next === null };
}
