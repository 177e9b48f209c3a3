import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { pagedList } from './paged';

const item = (id: string) => ({ id, createdAt: 0 });

describe('pagedList', () => {
  it('adds pages in order until the server says there is no next one', async () => {
    const pages: Record<string, { items: ReturnType<typeof item>[]; next: string | null }> = {
      first: { items: [item('a'), item('b')], next: 'c2' },
      c2: { items: [item('b'), item('c')], next: null },
    };
    const model = pagedList(async (cursor) => pages[cursor ?? 'first']!);
    await model.loadMore();
    await model.loadMore();
    await model.loadMore();
    expect(model.$list.get()).toMatchObject({ done: true, loading: false, failure: null });
    expect(model.$list.get().items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps what was loaded when a page fails, and the retry asks for the same page', async () => {
    const asked: (string | null)[] = [];
    let fail = false;
    const model = pagedList(async (cursor) => {
      asked.push(cursor);
      if (fail) throw new ApiError('noInternet');
      return { items: [item(cursor ?? 'a')], next: 'n' };
    });
    await model.loadMore();
    fail = true;
    await model.loadMore();
    expect(model.$list.get()).toMatchObject({ failure: 'error.noInternet', loading: false });
    expect(model.$list.get().items).toHaveLength(1);
    fail = false;
    await model.loadMore();
    expect(asked).toEqual([null, 'n', 'n']);
    expect(model.$list.get().failure).toBeNull();
  });

  it('drops a second load while one runs, and a reload makes an older answer stale', async () => {
    type Page = { items: ReturnType<typeof item>[]; next: string | null };
    const answers: ((page: Page) => void)[] = [];
    const model = pagedList((_cursor) => new Promise<Page>((resolve) => answers.push(resolve)));
    const first = model.loadMore();
    void model.loadMore();
    expect(answers).toHaveLength(1);
    const fresh = model.reload();
    answers[1]!({ items: [item('new')], next: null });
    await fresh;
    answers[0]!({ items: [item('old')], next: 'x' });
    await first;
    expect(model.$list.get().items.map((i) => i.id)).toEqual(['new']);
    expect(model.$list.get().done).toBe(true);
  });
});
