/**
 * Form drafts in sessionStorage: what the user typed survives a reload, a crash of the WebView's
 * renderer or a trip to another page, until it is sent. sessionStorage (not local) because a draft
 * belongs to this visit of the page: a report typed yesterday about another comment must not reappear.
 *
 * A draft is read back as untrusted (another version of the page may have written it, or nobody):
 * the caller's `read` keeps only fields of the right type.
 */

const PREFIX = 'draft:';

/**
 * The saved draft for `key`, made safe by `read`, or undefined when there is none or storage is refused.
 * @example loadDraft('report:c1', (raw) => (typeof raw === 'object' ? raw : undefined))
 */
export function loadDraft<T>(key: string, read: (raw: Record<string, unknown>) => T | undefined): T | undefined {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? read(raw as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the draft; a refused write (private mode, quota) leaves the form as it is. */
export function saveDraft(key: string, draft: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // The fields still hold what was typed; only a reload would lose it.
  }
}

/** Forgets the draft once the form is sent. */
export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}

/** Field readers for `loadDraft`: a value of the expected type, else the fallback. */
export const field = {
  string: (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback),
  boolean: (value: unknown, fallback = false) => (typeof value === 'boolean' ? value : fallback),
  /** One of the allowed strings, else null. */
  oneOf: <T extends string>(value: unknown, allowed: readonly T[]): T | null => (allowed.includes(value as T) ? (value as T) : null),
};
