/**
 * Form drafts in sessionStorage: what the user typed survives a reload, a crash of the WebView's
 * renderer or a trip to another page, until it is sent. sessionStorage (not local) because a draft
 * belongs to this visit of the page: a report typed yesterday about another comment must not reappear.
 *
 * A draft is read back as untrusted (another version of the page may have written it, or nobody):
 * through the form's valibot schema, whose fields fall back to safe values (./draft-fields).
 */
import * as v from 'valibot';

const PREFIX = 'draft:';

/**
 * The saved draft for `key` as `schema` reads it, or undefined when there is none, it does not pass
 * (a missing attempt key, say) or storage is refused.
 * @example loadDraft('report:comment:c1', v.object({ text: draftText }))
 */
export function loadDraft<T>(key: string, schema: v.GenericSchema<unknown, T>): T | undefined {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    const parsed = v.safeParse(schema, raw);
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the draft; a refused write (private mode, quota) leaves the form as it is. @example saveDraft('appeal', values) */
export function saveDraft(key: string, draft: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // The fields still hold what was typed; only a reload would lose it.
  }
}

/** Forgets the draft once the form is sent. @example clearDraft('feedback') */
export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}
