// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { draftChoice, draftText } from './draft-fields';

const read = v.object({ text: draftText, reason: draftChoice(['spam', 'abuse'] as const) });

describe('drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('saves, loads and clears a draft by key', () => {
    saveDraft('report:c1', { text: 'typed', reason: 'spam' });
    expect(loadDraft('report:c1', read)).toEqual({ text: 'typed', reason: 'spam' });
    expect(loadDraft('report:c2', read)).toBeUndefined();
    clearDraft('report:c1');
    expect(loadDraft('report:c1', read)).toBeUndefined();
  });

  it('keeps only fields of the right type from what storage holds', () => {
    sessionStorage.setItem('draft:x', JSON.stringify({ text: 5, reason: 'hack', __proto__: { polluted: 1 } }));
    expect(loadDraft('x', read)).toEqual({ text: '', reason: null });
    for (const junk of ['not json', '[1,2]', '"text"', 'null']) {
      sessionStorage.setItem('draft:x', junk);
      expect(loadDraft('x', read)).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('goes on without storage', () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(() => saveDraft('x', { text: 'a' })).not.toThrow();
    expect(loadDraft('x', read)).toBeUndefined();
    expect(() => clearDraft('x')).not.toThrow();
    vi.unstubAllGlobals();
  });
});
