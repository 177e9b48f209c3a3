/**
 * The reads each page's first screen makes when the user is signed in, as its models send them, and
 * the script that sends them: a classic script of its own with the seal it imports
 * (build/first-reads-script.ts, `<html data-reads="first-reads.…">`), preloaded while the page parses
 * (src/layouts/reads-script.ts) and run by the island directive at the first paint
 * (src/components/shell/painted.ts), while the islands' chunks are still on the way. It keeps each
 * answer in ./seal.ts, where the client takes it (`window.firstReads`) for the model that asks for
 * that same read (./client.ts). On a 150 ms link that is the difference between the prices a round
 * trip after the islands run and the prices as they run (docs/performance.md, "Useful content"). A read
 * listed here that no model asks for costs one wasted request and nothing else
 * (tests/e2e/useful.spec.ts counts each read once).
 *
 * No import at run time but the seal: this runs before core. What the models read from core's
 * stores is read here from the same sources, by the same rules (first-reads.test.ts compares them):
 * `$region` the host's `dev_region` (src/lib/stores/self-info.ts), `$locale` the page's,
 * `$timeZone` the user's (src/lib/personal/time-zone.ts), `$id` the `id` query, allow-listed.
 */
import { keepFirstRead, sealRequest, takeFirstRead, type Who } from './seal';

export { takeFirstRead };

/** A body value: a literal, or one of the page's own values. */
export type BodyValue = string | number | null;
type Template = Record<string, BodyValue>;

/** One read: the endpoint's path, its body, and `open` for a public endpoint (sent unsealed). */
export interface FirstRead {
  path: string;
  body: Template;
  open?: true;
}

/** The page's values a body may name; null for one it lacks (no valid `id`). */
export type PageValue = 'region' | 'locale' | 'timeZone' | 'id';

const plans: FirstRead = { path: '/api/vip/plans', body: { region: '$region' }, open: true };
const vipStatus: FirstRead = { path: '/api/vip/status', body: {} };
// The first page of a list: RECORDS_PAGE_SIZE (src/shared/limits.ts) records from the start.
const firstPage = { cursor: null, limit: 20 };
const lists: FirstRead = { path: '/api/music/lists', body: { locale: '$locale' } };
const thread: FirstRead = { path: '/api/feedback/detail', body: { id: '$id', locale: '$locale' } };
const feedbackList: FirstRead = { path: '/api/feedback/list', body: { ...firstPage, locale: '$locale' } };
const question: FirstRead = { path: '/api/help/question', body: { id: '$id', locale: '$locale' } };
const requests: FirstRead = { path: '/api/personal/exports', body: { timeZone: '$timeZone' } };

/** By route (src/shared/routes.ts), the reads its signed-in first screen makes. */
export const FIRST_READS: Readonly<Record<string, readonly FirstRead[]>> = {
  'vip-center': [plans, vipStatus],
  channel: [plans, vipStatus],
  'renewal-management': [plans, vipStatus],
  'k-recharge': [
    { path: '/api/coins/packages', body: { region: '$region' }, open: true },
    { path: '/api/coins/balance', body: {} },
  ],
  'k-transactions': [{ path: '/api/coins/transactions', body: firstPage }],
  download: [
    { path: '/api/music/quota', body: {} },
    { path: '/api/music/downloads', body: firstPage },
  ],
  'my-feedback': [feedbackList],
  'my-feedback1': [feedbackList],
  'help-feedback': [{ path: '/api/help/home', body: { locale: '$locale' } }],
  'q-and-a': [question],
  // Opened from the playback list with an id; without one it lists the category, a public read of its own.
  'detail-questions': [question],
  'oppo-music': [lists],
  'center-station': [lists],
  'my-detail': [thread],
  'my-detail2': [thread],
  'private.html': [requests],
  'personalDataDownload.html': [requests],
  'personalDataDownload2.html': [requests],
};

/**
 * The route of a page's path: no locale prefix, no slashes around it.
 * @example routeOf('/vi-VN/k-recharge/') // 'k-recharge'
 */
export const routeOf = (pathname: string): string => pathname.replace(/^\/[a-z]{2}-[A-Z]{2}(?=\/)/, '').replace(/^\/+|\/+$/g, '');

/**
 * The bodies of a route's reads with the page's values in place; a read whose value is missing (no
 * valid `id`) is left out, as its model would not send it either.
 * @example firstReads('k-transactions', valueOf) // [{ path: '/api/coins/transactions', body: { cursor: null, limit: 20 } }]
 */
export function firstReads(route: string, valueOf: (name: PageValue) => string | null): { path: string; body: Template; open?: true }[] {
  const reads = Object.prototype.hasOwnProperty.call(FIRST_READS, route) ? FIRST_READS[route]! : [];
  const out: { path: string; body: Template; open?: true }[] = [];
  for (const read of reads) {
    const body: Template = {};
    let complete = true;
    for (const key of Object.keys(read.body)) {
      const value = read.body[key]!;
      // Asked for only where a body names it: the time zone takes Intl some 40 ms on a slow phone.
      const filled = typeof value == 'string' && value[0] == '$' ? valueOf(value.slice(1) as PageValue) : value;
      if (filled == null && value != null) complete = false;
      body[key] = filled;
    }
    if (complete) out.push({ ...read, body });
  }
  return out;
}

/**
 * A host value as selfInfo keeps it (src/lib/stores/self-info.ts): a finite number as text, a string
 * trimmed, anything else or anything over 256 characters ''.
 * @example hostText(42) // '42'
 */
export function hostText(value: unknown): string {
  if (typeof value == 'number' && isFinite(value)) return String(value);
  if (typeof value != 'string') return '';
  return value.length > 256 ? '' : value.trim();
}

/** The shape of an IANA zone's name: `Asia/Singapore`, `UTC`, `Etc/GMT+7`, `America/Argentina/Salta`. */
const ZONE_NAME = /^[A-Za-z][\w+-]*(?:\/[\w+-]+){0,2}$/;

/**
 * The user's time zone as src/lib/personal/time-zone.ts `userTimeZone` gives it: the app's if Intl
 * knows it, else the browser's, else UTC. The app's is taken by its shape, without asking Intl: a
 * page's first formatter loads ICU's data, 40–55 ms at 4× CPU, and the read would wait for it (the
 * formatters are warmed once the reads have left). A well-shaped zone that Intl does not know is sent
 * as given; the model, which asks Intl, then sends its own read with the browser's zone: one read too many.
 * @example timeZoneOf('Asia/Singapore') // 'Asia/Singapore'
 */
export function timeZoneOf(appZone: string): string {
  if (ZONE_NAME.test(appZone)) return appZone;
  try {
    if (appZone && new Intl.DateTimeFormat('en', { timeZone: appZone })) return appZone;
  } catch {
    // Not a zone Intl knows: the browser's.
  }
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** An id as src/shared/id.ts `isContentId` allows it (first-reads.test.ts compares them). */
export const ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** src/shared/api/endpoint.ts's WIRE_VERSION, which this chunk cannot import (first-reads.test.ts compares). */
export const WIRE_VERSION = 2;
type Host = { getAppBaseInfo?: () => unknown };
/** The page the reads are for, as this chunk reads it (a test passes its own). */
export type FirstReadPage = Pick<Window, 'document' | 'localStorage' | 'location' | 'crypto'> & { NativeBridge?: Host };

let started = false;

function ask(host: Host | undefined): Record<string, unknown> {
  try {
    const info: unknown = JSON.parse(String(host!.getAppBaseInfo!()));
    return info && typeof info == 'object' ? (info as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** 32 characters of randomness, as the wire's nonce is (the client's randomId, which is in core). */
function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte + 256).toString(16).slice(1)).join('');
}

/**
 * Sends the route's first reads, once per page. Nothing when the shell did not find the user signed
 * in, or where Web Crypto is missing (the libraries' seal is too heavy to fetch ahead).
 * @example startFirstReads(window) // on /download: the quota and the first page of downloads, on their way
 */
export function startFirstReads(win: FirstReadPage): void {
  const doc = win.document;
  if (started || doc.documentElement.dataset.session != 'signed-in' || !(win.crypto && win.crypto.subtle)) return;
  started = true;
  const base = ask(win.NativeBridge);
  let session = '';
  try {
    session = win.localStorage.getItem('app_sessionid') || '';
  } catch {
    // Storage refused: the client reads no session either, and the server answers both alike.
  }
  const who: Who = { uid: hostText(base.uid), app_sessionid: session };
  const valueOf = (name: PageValue): string | null => {
    if (name == 'region') return hostText(base.dev_region);
    if (name == 'locale') return doc.documentElement.lang;
    if (name == 'timeZone') return timeZoneOf(hostText(base.dev_timezone));
    const id = new URLSearchParams(win.location.search).get('id');
    return id && ID.test(id) ? id : null;
  };
  const host = ((import.meta.env.PUBLIC_API_HOST as string | undefined) ?? '').replace(/\/+$/, '');
  for (const { path, body, open } of firstReads(routeOf(win.location.pathname), valueOf)) {
    const fields = open
      ? Promise.resolve({ request: JSON.stringify(body) })
      : sealRequest({ ...body, v: WIRE_VERSION, path, uid: who.uid, app_sessionid: who.app_sessionid, ts: Date.now(), nonce: nonce() }).then((sealed) => ({
          ...sealed,
        }));
    // Sent as the client sends it (./client.ts `post`: no credentials, so on connections of their own).
    keepFirstRead(
      path,
      body,
      open ? null : who,
      fields.then((form) => fetch(host + path, { method: 'POST', body: new URLSearchParams(form), credentials: 'omit' })),
    );
  }
}

/**
 * What the client takes from this script (`window.firstReads`): the answers it keeps, and its seal for
 * the page's later requests, so that a page with first reads loads the seal once.
 */
export interface FirstReadsScript {
  takeFirstRead: typeof takeFirstRead;
  sealRequest: typeof sealRequest;
}

/**
 * Makes the page's first number and date formatters while its reads and chunks travel. A page's
 * first `Intl` formatter loads ICU's data: 40 ms at 4× CPU on today's Chromium, 20 ms on Chromium 64,
 * then some 10 ms for the other kind. Left to the islands, that came when the prices or dates had
 * landed, between the data and the user (docs/performance.md, "Useful content"); here the main thread
 * is idle, waiting on the link. Later formatters of any locale or currency then take under 2 ms on
 * today's Chromium, a few ms on Chromium 64 (whose `Intl` is JavaScript). Here, not in the island
 * directive, which is in every page's HTML (14 KB at most: docs/performance.md, "Core as a classic
 * script"), and this script runs on the very pages that read the server first, at the paint.
 * @example warmFormatters(document) // a number formatter now, a date formatter in the next task
 */
export function warmFormatters(doc: Document): void {
  const lang = doc.documentElement.lang;
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(0);
  // In the next task: unthrottled on a host slow to map memory, the number formatter took 28–35 ms
  // and the date formatter 7–10 more. At Lighthouse's 4× a task blocks for what it takes over 50 ms,
  // so the date formatter's 30–40 ms block nothing on their own and 30–40 ms in one task with it.
  setTimeout(() => new Intl.DateTimeFormat(lang).format(0));
}

// A classic script of its own (build/first-reads-script.ts), run at the paint; not in a test's Node.
if (typeof window != 'undefined') {
  // First: the client waits for this script's load and then reads it (./client.ts).
  window.firstReads = { takeFirstRead, sealRequest };
  startFirstReads(window);
  // In a task of its own, once the reads have left: not one long task with them.
  if (started) setTimeout(() => warmFormatters(window.document));
}

/**
 * For tests: the next start sends again.
 * @example afterEach(resetFirstReads)
 */
export function resetFirstReads(): void {
  started = false;
}
