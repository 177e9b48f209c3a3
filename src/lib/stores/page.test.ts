import { beforeEach, describe, expect, it } from 'vitest';
import { $page, requestRefresh, setId, setPdfFile, setType, setTypeVisible } from './page';

beforeEach(() => $page.set({ refresh: 0, type: 1, Id: '', typeVisible: false, pdfFile: '' }));

describe('$page', () => {
  it('starts with type 1 (spec §3)', () => {
    expect($page.get().type).toBe(1);
  });

  it('notifies listeners on every refresh request', () => {
    const seen: number[] = [];
    const stop = $page.subscribe(({ refresh }) => seen.push(refresh));
    requestRefresh();
    requestRefresh();
    stop();
    expect(seen).toEqual([0, 1, 2]);
  });

  it('closes the type picker when a type is chosen', () => {
    setTypeVisible(true);
    setType(3);
    expect($page.get()).toMatchObject({ type: 3, typeVisible: false });
    setType(Number.NaN);
    expect($page.get().type).toBe(3);
  });

  it('keeps the item id', () => {
    setId('fb-1');
    expect($page.get().Id).toBe('fb-1');
  });

  it('keeps http(s), blob and relative PDF URLs and refuses script URLs', () => {
    setPdfFile('https://cdn.example/data.pdf');
    expect($page.get().pdfFile).toBe('https://cdn.example/data.pdf');
    setPdfFile('/files/data.pdf');
    expect($page.get().pdfFile).toBe('/files/data.pdf');
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:application/pdf;base64,AAAA']) {
      setPdfFile(url);
      expect($page.get().pdfFile).toBe('');
    }
  });
});
