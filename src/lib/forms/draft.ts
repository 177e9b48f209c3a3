/**
 * Form drafts in sessionStorage: what the user typed survives a reload, a crash of the WebView's
 * renderer or a trip to another page, until it is sent. sessionStorage (not local) because a draft
 * belongs to this visit of the page: a report typed yesterday about another comment must not reappear.
 * In the app, the page state (./page-state) also gives the host a copy, for when Android recreates
 * the WebView and sessionStorage is gone: text and choices only, no files and no codes.
 *
 * A draft is read back as untrusted (another version of the page may have written it, or nobody):
 * through the form's valibot schema, whose fields fall back to safe values (./draft-fields).
 */
import * as v from 'valibot';
import { forgetPart, keepPart, takePart } from './page-state';

const PREFIX = 'draft:';
// Files (screenshots, uploads: their thumbnails alone outgrow what the host keeps) and verification
// codes (short-lived secrets) stay out of the host's copy; the schemas read them back as empty.
const NOT_FOR_HOST = ['attachments', 'pictures', 'code'];

const forHost = (draft: unknown) => {
  if (!draft || typeof draft !== 'object') return draft;
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(draft)) if (!NOT_FOR_HOST.includes(field)) kept[field] = value;
  return kept;
};

/**
 * The saved draft for `key` as `schema` reads it, or undefined when there is none, it does not pass
 * (a missing attempt key, say) or storage is refused.
 * @example loadDraft('report:comment:c1', v.object({ text: draftText }))
 */
export function loadDraft<T>(key: string, schema: v.GenericSchema<unknown, T>): T | undefined {
  let raw: unknown = null;
  try {
    raw = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null');
  } catch {
    // Unreadable: as if nothing were saved.
  }
  // Nothing in this visit's storage: the WebView may have been recreated, and the host kept a copy.
  if (!raw) return takePart(PREFIX + key, schema);
  if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const parsed = v.safeParse(schema, raw);
  return parsed.success ? parsed.output : undefined;
}

/** Saves the draft; a refused write (private mode, quota) leaves the form as it is. @example saveDraft('appeal', values) */
export function saveDraft(key: string, draft: unknown): void {
  keepPart(PREFIX + key, forHost(draft), true);
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // The fields still hold what was typed; only a reload would lose it.
  }
}

/** Forgets the draft once the form is sent. @example clearDraft('feedback') */
export function clearDraft(key: string): void {
  forgetPart(PREFIX + key);
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}
