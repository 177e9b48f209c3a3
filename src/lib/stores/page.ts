/**
 * Page-level shared state (spec §3 refresh, type, Id, typeVisible, pdfFile): what one island asks
 * of the others on the same page, e.g. the feedback type picker and the form, or "reload the list".
 */
import { map } from 'nanostores';

export interface PageState {
  /** Bumped to ask lists to reload; islands react to the change, not to the value. */
  refresh: number;
  /** The selected type on the page (e.g. a feedback type or a record tab); spec §3 default 1. */
  type: number;
  /** The item the page is about (a feedback, a song list), '' for none. */
  Id: string | number;
  /** Whether the type picker is open. */
  typeVisible: boolean;
  /** URL of the personal-data PDF to show (AccountOrDevicePdf), '' for none. */
  pdfFile: string;
}

/** @example $page.get().type // 1 */
export const $page = map<PageState>({ refresh: 0, type: 1, Id: '', typeVisible: false, pdfFile: '' });

/**
 * Asks every list on the page to reload (e.g. after a submit or on `onResume`).
 * @example requestRefresh(); // lists listening to $page.refresh reload
 */
export function requestRefresh(): void {
  $page.setKey('refresh', $page.get().refresh + 1);
}

/**
 * Selects a type and closes the picker; a value that is not a whole number is ignored.
 * @example setType(2)
 */
export function setType(type: number): void {
  if (!Number.isInteger(type)) return;
  $page.set({ ...$page.get(), type, typeVisible: false });
}

/** @example setId('fb-123') */
export function setId(id: string | number): void {
  $page.setKey('Id', id);
}

/** @example setTypeVisible(true) // opens the type picker */
export function setTypeVisible(visible: boolean): void {
  $page.setKey('typeVisible', visible);
}

/**
 * Sets the PDF to show. Only http(s), blob and relative URLs are kept: the value comes from the host or the
 * API and ends up in a viewer's `src`, where a `javascript:` URL would run.
 * @example setPdfFile('https://cdn.example/data.pdf')
 */
export function setPdfFile(url: string): void {
  $page.setKey('pdfFile', isSafeUrl(url) ? url : '');
}

function isSafeUrl(url: string): boolean {
  try {
    // A relative path resolves against the placeholder base as https, so it is kept too.
    return ['https:', 'http:', 'blob:'].includes(new URL(url, 'https://base.invalid').protocol);
  } catch {
    return false;
  }
}
