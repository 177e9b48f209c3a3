/**
 * What a page keeps through the host for when Android recreates its WebView (savePageState /
 * restorePageState, docs/bridge.md): the app kills a WebView in the background and reloads the page
 * when the user comes back, with sessionStorage gone. One small JSON object per page, made of named
 * parts that models own (a form's draft, /k-recharge's amount and scroll position).
 *
 * The key is the page's path, never its query (whoever wrote the link chooses the query). The host's
 * answer is as untrusted as any: the object is checked here, and each part by its owner's valibot
 * schema when it asks for it (`takePart`); a part that does not pass is dropped with a warning.
 * Saved a moment after a change and when the page is hidden (the last chance before a kill). Without
 * a host, sessionStorage keeps the same object, so a browser reload behaves the same.
 *
 * Here, beside the drafts, rather than in src/lib: modules of src/lib itself go into the `core` chunk
 * every interactive page loads first (build/chunk-plan.ts), and this one is needed only once a page runs.
 */
import type * as v from 'valibot';
import { safeParse } from 'valibot';
import { command, isInApp, query } from '../bridge';
import { restorePageState } from '../../shared/bridge/calls/forms';

/** The most a page asks the host to keep, in bytes of UTF-8 JSON. */
export const PAGE_STATE_MAX = 8 * 1024;
const SAVE_MS = 400;
const PREFIX = 'page:';

interface Part {
  value: unknown;
  /** Kept by the host only: without one, the owner has its own sessionStorage copy (form drafts). */
  hostOnly?: boolean;
}

let parts: Map<string, Part> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;

const key = () => location.pathname.slice(0, 200);
const inBrowser = () => typeof document === 'object';
const warn = (what: string) => console.warn(`[page-state] ${what} does not pass; ignored`);

function read(): unknown {
  if (!inBrowser()) return '';
  if (isInApp()) return query(restorePageState, { key: key() });
  try {
    return JSON.parse(sessionStorage.getItem(PREFIX + key()) ?? '""');
  } catch {
    return '';
  }
}

/** The parts saved before this page load, read once, then the page's own. */
function current(): Map<string, Part> {
  if (parts) return parts;
  parts = new Map();
  const saved = read();
  // An object of parts, or nothing: each part is checked by its owner, when it asks for it.
  // (`__proto__` left out: written back into a plain object, it would set that object's prototype.)
  if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
    for (const [name, value] of Object.entries(saved)) if (name !== '__proto__') parts.set(name, { value });
  } else if (saved !== '' && saved !== null) warn('the saved page state');
  // `pagehide` on a navigation or a close; `hidden` when the app goes to the background, which may
  // be the last thing the page runs before Android kills it.
  if (inBrowser()) {
    addEventListener('pagehide', savePageState);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && savePageState());
  }
  return parts;
}

const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Writes the parts now, if anything changed since the last write. @example addEventListener('pagehide', savePageState) */
export function savePageState(): void {
  clearTimeout(timer);
  if (!dirty || !parts || !inBrowser()) return;
  dirty = false;
  const inApp = isInApp();
  const kept = [...parts].filter(([, part]) => inApp || !part.hostOnly);
  const state: Record<string, unknown> = {};
  for (const [name, part] of kept) state[name] = part.value;
  // Over the cap, the biggest parts go first: one huge draft must not cost the page its others.
  for (const [name] of kept.sort(([, a], [, b]) => size(b.value) - size(a.value))) {
    if (size(state) <= PAGE_STATE_MAX) break;
    delete state[name];
    console.warn(`[page-state] ${name} is too big to keep`);
  }
  if (inApp) return void command('savePageState', { key: key(), state });
  try {
    sessionStorage.setItem(PREFIX + key(), JSON.stringify(state));
  } catch {
    // Storage refused: only a reload would lose it.
  }
}

/**
 * The saved part `name` as `schema` reads it, or undefined (nothing saved, or it does not pass:
 * then it is dropped, and the console says so).
 * @example takePart('recharge', v.object({ scroll: v.number() }))
 */
export function takePart<T>(name: string, schema: v.GenericSchema<unknown, T>): T | undefined {
  const part = current().get(name);
  // A host-only part without a host was never written anywhere: its owner has its own copy.
  if (!part || (part.hostOnly && !isInApp())) return undefined;
  const checked = safeParse(schema, part.value);
  if (checked.success) return checked.output;
  warn(name);
  forgetPart(name);
  return undefined;
}

/**
 * Keeps `value` (small, JSON) as part `name`, written a moment later or when the page is hidden.
 * @example keepPart('recharge', { picked: 'coins-300', custom: '', scroll: 300 })
 */
export function keepPart(name: string, value: unknown, hostOnly = false): void {
  current().set(name, { value, hostOnly });
  dirty = true;
  clearTimeout(timer);
  timer = setTimeout(savePageState, SAVE_MS);
}

/** Forgets part `name` at once (a form sent, a payment done: nothing of it may come back). @example forgetPart('draft:feedback') */
export function forgetPart(name: string): void {
  if (!current().delete(name)) return;
  dirty = true;
  savePageState();
}
