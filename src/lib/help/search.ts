/**
 * Searching the help centre (/search-keyword): a request once typing pauses, only the answer to the
 * latest text shown, and the recent searches kept on the phone.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom } from 'nanostores';
import { messageKey, type DataOf } from '../api';
import { request } from '../request';
import { helpSearch } from '../../shared/api/endpoints/help';
import { debounce } from '../debounce';
import { pageLocale } from '../i18n';
import { remember } from './highlight';

export type SearchResult = DataOf<typeof helpSearch>['results'][number];
export interface Search {
  /** What the field holds. */
  query: string;
  /** The answer for the text it was asked `for` (its words are the ones to mark). */
  results: { for: string; items: SearchResult[] } | null;
  failure: MessageKey | null;
}

const RECENT_KEY = 'help-recent-searches';
export const SEARCH_WAIT_MS = 300;
const QUERY_MAX = 100;

export const $search = atom<Search>({ query: '', results: null, failure: null });
/** Recent searches, newest first. */
export const $recent = atom<string[]>([]);

// Only the answer to the latest text is shown: an earlier, slower one must not replace it.
let latest = '';

const search = debounce((text: string) => {
  latest = text;
  request(helpSearch, { query: text, locale: pageLocale() })
    .then(({ results }) => latest === text && $search.set({ ...$search.get(), results: { for: text, items: results }, failure: null }))
    .catch((error) => latest === text && $search.set({ ...$search.get(), failure: messageKey(error) }));
}, SEARCH_WAIT_MS);

/**
 * The field changed: search once typing pauses; an empty field shows the recent searches again.
 * @example <input onInput={(e) => changeQuery(e.currentTarget.value)} />
 */
export function changeQuery(text: string): void {
  $search.set({ ...$search.get(), query: text });
  if (text.trim()) return search(text.trim().slice(0, QUERY_MAX));
  search.cancel();
  latest = '';
  $search.set({ query: text, results: null, failure: null });
}

/**
 * Enter: the search is kept among the recent ones and asked now.
 * @example <form onSubmit={() => submit()}>
 */
export function submit(): void {
  keep($search.get().query);
  search.flush();
}

/**
 * Keeps a search among the recent ones (a result was opened, or Enter).
 * @example keep('lyrics')
 */
export function keep(text: string): void {
  saveRecent(remember($recent.get(), text));
}

/** @example <button onClick={clearRecent}> */
export const clearRecent = (): void => saveRecent([]);

/**
 * The page starts: the recent searches from the phone, and whatever was typed before the script ran.
 * @example useEffect(() => startSearch(input.current?.value ?? ''), [])
 */
export function startSearch(typed: string): void {
  $recent.set(readRecent());
  if (typed) changeQuery(typed);
}

/**
 * Cancel: back to where the user came from, or close the page opened on its own.
 * @example <button onClick={leaveSearch}>
 */
export function leaveSearch(): void {
  if (history.length > 1) history.back();
  else void import('./close-page').then((m) => m.closePage());
}

function readRecent(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((s): s is string => typeof s === 'string' && s.length <= QUERY_MAX).slice(0, 8) : [];
  } catch {
    return [];
  }
}

function saveRecent(recent: string[]): void {
  $recent.set(recent);
  try {
    if (recent.length) localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
    else localStorage.removeItem(RECENT_KEY);
  } catch {
    // Without storage the list lives as long as the page.
  }
}
