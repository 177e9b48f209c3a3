/**
 * The tracking queue in localStorage `exposureTrackData` (spec §3), so a reload or a crash loses
 * nothing: items stay stored until the server has taken them. Storage is read on every operation, not
 * cached, so two tabs of the site do not overwrite each other's items.
 */
import { randomId } from '../../shared/id';
import { PROPS_MAX_KEYS, TRACK_KINDS, TRACK_TEXT_MAX, type TrackKind } from '../../shared/track/rules';

export type TrackProps = Record<string, string | number | boolean | null>;

export interface TrackItem {
  /** 32 random characters; the server drops an id it has seen, so a resend never counts twice. */
  id: string;
  kind: TrackKind;
  name: string;
  /** When it happened, ms since the epoch. */
  at: number;
  props?: TrackProps;
}

export interface QueueStore {
  read(): TrackItem[];
  write(items: TrackItem[]): void;
}

export const STORAGE_KEY = 'exposureTrackData';
// About 100 KB of JSON at most: far under the ~5 MB that WebViews give localStorage, shared with the
// rest of the site. Past it the oldest items go; a queue this long means the server is unreachable.
export const MAX_STORED = 500;
// What one item may carry is bounded by the server's own rules (src/shared/track/rules.ts), so a
// careless caller cannot fill storage or a batch, and the server never refuses an item the tracker made.

/**
 * A queue item with a fresh id; props keep only up to 20 plain values, strings cut to 200 characters.
 * @example createItem('click', 'vip.buy', { plan: 'month' }, Date.now())
 */
export function createItem(kind: TrackKind, name: string, props: TrackProps | undefined, at: number): TrackItem {
  const item: TrackItem = { id: randomId(), kind, name: name.slice(0, TRACK_TEXT_MAX), at };
  const clean = cleanProps(props);
  if (clean) item.props = clean;
  return item;
}

/**
 * The stored queue, or an in-memory one where storage is missing or refuses (private mode, disabled
 * DOM storage). Corrupt stored JSON reads as an empty queue. When storage is too full for the queue
 * (the rest of the site uses it too), memory holds all of it, up to MAX_STORED, and storage keeps the
 * newest half in case the page dies before sending; storage takes the whole queue again once it fits.
 * @example const queue = createQueueStore(localStorage); queue.write([...queue.read(), item])
 */
export function createQueueStore(storage: Storage | null | undefined): QueueStore {
  let memory: TrackItem[] = [];
  let store = storage ?? null;
  // The last write did not fit in storage: memory is the queue, storage a partial copy.
  let overflow = false;

  return {
    read() {
      if (!store || overflow) return [...memory];
      try {
        return parseQueue(store.getItem(STORAGE_KEY));
      } catch {
        store = null;
        return [...memory];
      }
    },
    write(items) {
      memory = items.slice(-MAX_STORED);
      if (!store) return;
      try {
        if (memory.length) store.setItem(STORAGE_KEY, JSON.stringify(memory));
        else store.removeItem(STORAGE_KEY);
        overflow = false;
      } catch {
        overflow = true;
        try {
          store.setItem(STORAGE_KEY, JSON.stringify(memory.slice(-Math.floor(MAX_STORED / 2))));
        } catch {
          // Not even that fits: what was stored before stays, and the items already sent from it
          // go again from the next page (the server stores each id once).
        }
      }
    },
  };
}

/**
 * The page's localStorage, or null where it cannot be used.
 * @example createQueueStore(browserStorage())
 */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : (localStorage ?? null);
  } catch {
    return null; // reading localStorage itself throws where DOM storage is disabled
  }
}

/**
 * Reads stored JSON; anything that is not an array of valid items is dropped rather than thrown.
 * @example parseQueue('{oops') // []
 */
export function parseQueue(raw: string | null): TrackItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter(isItem).slice(-MAX_STORED) : [];
}

/** @example isTrackKind('click') // true */
export function isTrackKind(value: unknown): value is TrackKind {
  return (TRACK_KINDS as readonly unknown[]).includes(value);
}

function isItem(value: unknown): value is TrackItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    /^[A-Za-z0-9]{1,64}$/.test(item.id) &&
    isTrackKind(item.kind) &&
    typeof item.name === 'string' &&
    typeof item.at === 'number' &&
    Number.isFinite(item.at) &&
    (item.props === undefined || (typeof item.props === 'object' && item.props !== null && !Array.isArray(item.props)))
  );
}

function cleanProps(props: TrackProps | undefined): TrackProps | undefined {
  if (!props || typeof props !== 'object') return undefined;
  const clean: TrackProps = {};
  let count = 0;
  for (const [key, value] of Object.entries(props)) {
    if (count >= PROPS_MAX_KEYS) break;
    if (typeof value === 'string') clean[key.slice(0, TRACK_TEXT_MAX)] = value.slice(0, TRACK_TEXT_MAX);
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null) clean[key.slice(0, TRACK_TEXT_MAX)] = value;
    else continue;
    count += 1;
  }
  return count ? clean : undefined;
}
