import { describe, expect, it } from 'vitest';
import { addPage, emptyPaged } from './paging';

const rec = (id: string, createdAt: number) => ({ id, createdAt });

describe('addPage', () => {
  it('adds pages in order and is done when there is no next cursor', () => {
    let list = emptyPaged<ReturnType<typeof rec>>();
    expect(list).toEqual({ items: [], next: null, done: false });
    list = addPage(list, { items: [rec('a', 3), rec('b', 2)], next: 'c1' });
    expect(list).toMatchObject({ next: 'c1', done: false });
    list = addPage(list, { items: [rec('c', 1)], next: null });
    expect(list.items.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(list.done).toBe(true);
  });

  it('shows a record once when it appears on two pages (a new record pushed it across the boundary)', () => {
    let list = addPage(emptyPaged(), { items: [rec('a', 3), rec('b', 2)], next: 'c1' });
    list = addPage(list, { items: [rec('b', 2), rec('c', 1)], next: 'c2' });
    expect(list.items.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('a fresh first page (pull to refresh) replaces the list', () => {
    let list = addPage(emptyPaged(), { items: [rec('a', 3)], next: null });
    list = addPage(list, { items: [rec('z', 9), rec('a', 3)], next: 'c1' }, true);
    expect(list).toEqual({ items: [rec('z', 9), rec('a', 3)], next: 'c1', done: false });
  });

  it('an empty first page is the empty state, done', () => {
    expect(addPage(emptyPaged(), { items: [], next: null })).toEqual({ items: [], next: null, done: true });
  });
});
