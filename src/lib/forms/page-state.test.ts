// @vitest-environment happy-dom
/**
 * The page state kept through the host (savePageState / restorePageState) for when Android recreates
 * the WebView, and its sessionStorage copy without a host. The module reads the saved state once per
 * page load, so each test loads it afresh.
 */
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeHost, type FakeHost } from '../../../server/fake-host';
import { draftAttempt, draftPictures, draftText } from './draft-fields';

type PageState = typeof import('./page-state');
type Draft = typeof import('./draft');

const ATTEMPT = 'a'.repeat(32);
const scroll = v.object({ scroll: v.pipe(v.number(), v.integer(), v.minValue(0)) });
let host: FakeHost | undefined;

/** A page load: the module afresh, on a host that kept `pageStates` (or on none). */
async function load(pageStates: Record<string, unknown> | null): Promise<PageState & Draft> {
  vi.resetModules();
  host = pageStates ? installFakeHost(window, { pageStates }) : undefined;
  return { ...(await import('./page-state')), ...(await import('./draft')) };
}
const saves = () => host!.calls.filter((c) => c.method === 'savePageState').map((c) => c.arg);
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionStorage.clear();
  history.replaceState(null, '', '/k-recharge?key=/elsewhere');
});
afterEach(() => {
  host?.uninstall();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('page state through the host', () => {
  it('gives back a part the host kept for this path (never the query), read through its schema', async () => {
    const { takePart } = await load({ '/k-recharge': { recharge: { scroll: 300 } }, '/elsewhere': { recharge: { scroll: 9 } } });
    expect(takePart('recharge', scroll)).toEqual({ scroll: 300 });
    expect(takePart('other', scroll)).toBeUndefined();
    expect(host!.calls.filter((c) => c.method === 'restorePageState').map((c) => c.arg)).toEqual([{ key: '/k-recharge' }]);
  });

  it('drops a part that does not pass, and a state that is no object, with a warning', async () => {
    let state = await load({ '/k-recharge': { recharge: { scroll: -1 }, __proto__: { polluted: 1 } } });
    expect(state.takePart('recharge', scroll)).toBeUndefined();
    expect(console.warn).toHaveBeenCalledWith('[page-state] recharge does not pass; ignored');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Dropped: the host is told at once, so it does not come back either.
    expect(saves()).toEqual([{ key: '/k-recharge', state: {} }]);
    host!.uninstall();
    for (const junk of ['text', 42, [1, 2]]) {
      sessionStorage.clear(); // where the fake host keeps what the page saved
      state = await load({ '/k-recharge': junk });
      expect(state.takePart('recharge', scroll)).toBeUndefined();
      host!.uninstall();
    }
    expect(console.warn).toHaveBeenCalledWith('[page-state] the saved page state does not pass; ignored');
    host = undefined;
  });

  it('saves a moment after the last change, and at once when the page is hidden', async () => {
    const { keepPart } = await load({});
    keepPart('recharge', { scroll: 10 });
    keepPart('recharge', { scroll: 20 });
    expect(saves()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(saves()).toEqual([{ key: '/k-recharge', state: { recharge: { scroll: 20 } } }]);
    keepPart('recharge', { scroll: 30 });
    hide();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toEqual({ key: '/k-recharge', state: { recharge: { scroll: 30 } } });
    // Nothing changed since: hiding again writes nothing.
    hide();
    vi.advanceTimersByTime(1000);
    expect(saves()).toHaveLength(2);
  });

  it('keeps under 8 KB by leaving out the biggest part', async () => {
    const { keepPart, savePageState, PAGE_STATE_MAX } = await load({});
    keepPart('small', { scroll: 1 });
    keepPart('huge', { text: 'x'.repeat(PAGE_STATE_MAX) });
    savePageState();
    expect(saves()).toEqual([{ key: '/k-recharge', state: { small: { scroll: 1 } } }]);
  });

  it('without a host: the same object in sessionStorage, host-only parts left out', async () => {
    let state = await load(null);
    state.keepPart('recharge', { scroll: 300 });
    state.keepPart('draft:x', { text: 'only for a host' }, true);
    state.savePageState();
    expect(JSON.parse(sessionStorage.getItem('page:/k-recharge')!)).toEqual({ recharge: { scroll: 300 } });
    state = await load(null);
    expect(state.takePart('recharge', scroll)).toEqual({ scroll: 300 });
  });
});

describe('form drafts and the host copy', () => {
  const schema = v.object({ text: draftText, code: draftText, pictures: draftPictures, attempt: draftAttempt });
  const picture = { id: 'p1', name: 'a.png', size: 10, mime: 'image/png' };

  it('gives the host the text, not the files or the code, and reads it back when sessionStorage is gone', async () => {
    let state = await load({});
    state.saveDraft('report', { text: 'typed', code: '482913', pictures: [picture], attempt: ATTEMPT });
    hide();
    const kept = host!.state.pageStates;
    expect(kept).toEqual({ '/k-recharge': { 'draft:report': { text: 'typed', attempt: ATTEMPT } } });
    host!.uninstall();
    sessionStorage.clear();
    state = await load(kept);
    expect(state.loadDraft('report', schema)).toEqual({ text: 'typed', code: '', pictures: [], attempt: ATTEMPT });
  });

  it("prefers this visit's own draft, and forgets both once sent", async () => {
    let state = await load({ '/k-recharge': { 'draft:report': { text: 'older', attempt: ATTEMPT } } });
    sessionStorage.setItem('draft:report', JSON.stringify({ text: 'newer', attempt: ATTEMPT }));
    expect(state.loadDraft('report', schema)?.text).toBe('newer');
    state.clearDraft('report');
    expect(host!.state.pageStates).toEqual({ '/k-recharge': {} });
    state = await load(host!.state.pageStates);
    expect(state.loadDraft('report', schema)).toBeUndefined();
  });
});
