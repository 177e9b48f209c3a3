/**
 * The field reporter (docs/field.md): loaded once the page is idle (src/islands/ui/Tracking.tsx), it
 * takes over the notes core queued from the start (./note.ts), turns each into an event of the contract
 * (src/shared/field/contract.ts) with nothing personal left, adds the page's timings when the page is
 * first hidden, and hands batches to `sendBeacon` (a keepalive `fetch` where there is none). A page
 * view sends at most FIELD_VIEW_EVENTS_MAX events, each batch once: a report lost is never sent again.
 */
import * as v from 'valibot';
import { isInApp } from '../bridge';
import { randomId } from '../../shared/id';
import type { Locale } from '../../shared/locale';
import type { RoutePath } from '../../shared/routes';
import { $selfInfo } from '../stores/self-info';
import type { FieldBatch, FieldEvent } from '../../shared/field/contract';
import { queueHolder, type FieldNote } from './note';
import {
  API_CODE_PATTERN,
  API_ENDPOINT_PATTERN,
  BRIDGE_METHOD_PATTERN,
  FIELD_APP_PATTERN,
  FIELD_CHUNK_MAX,
  FIELD_CODE_MAX,
  FIELD_EVENTS_MAX,
  FIELD_MESSAGE_MAX,
  FIELD_RULE_MAX,
  FIELD_SOURCE_MAX,
  FIELD_VIEW_EVENTS_MAX,
  ENGINE_MAJOR_MAX,
  redactPersonal,
} from '../../shared/field/rules';
import { watchTimings } from './timings';

/** Where batches go: the API's host (`PUBLIC_API_HOST`, unset → this origin), like tracking's. */
export const FIELD_ENDPOINT = `${(import.meta.env.PUBLIC_API_HOST ?? '').replace(/\/+$/, '')}/api/field`;

/**
 * The share of page views that report, from the build (`PUBLIC_FIELD_SAMPLE`, 0 to 1; astro.config.mjs
 * sets 1 for development and 0.1 for a release unless told otherwise).
 */
const SAMPLE = Number(import.meta.env.PUBLIC_FIELD_SAMPLE ?? 1);

/** A page view's context, sent with each of its batches. */
export type FieldContext = Omit<FieldBatch, 'events'>;

/**
 * The engine as the user agent names it: every Android WebView is Chromium and says which.
 * @example engineOf('Mozilla/5.0 (Linux; Android 9; wv) … Chrome/64.0.3282.137 Mobile Safari/537.36') // { name: 'chromium', major: 64 }
 */
export function engineOf(userAgent: string): FieldContext['engine'] {
  const major = Number(/Chrom(?:e|ium)\/(\d+)/.exec(userAgent)?.[1]);
  return major >= 0 && major <= ENGINE_MAJOR_MAX ? { name: 'chromium', major } : { name: 'other', major: 0 };
}

/**
 * A script's or chunk's address as the report may carry it: the path on this site (the origin of
 * another), never its query or hash, which may hold a session.
 * @example cleanSource('https://h5.example.com/_astro/core.x.js?v=1#a', 'https://h5.example.com/vip-center') // '/_astro/core.x.js'
 */
export function cleanSource(address: string, base: string): string {
  if (!address) return '';
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return '';
  }
  const path = url.origin === new URL(base).origin ? url.pathname : url.origin + url.pathname;
  return redactPersonal(path).slice(0, FIELD_SOURCE_MAX);
}

const text = (value: unknown, max: number) => redactPersonal(String(value ?? '')).slice(0, max);

/** The first frame of a stack that names a script: its address, line and column. */
const FRAME = /(https?:\/\/[^\s()]+?):(\d+):(\d+)/;

/**
 * A raw note as an event of the contract, or null when it is none (a note the contract cannot carry).
 * Free text is redacted (rules.ts `redactPersonal`) and cut to its bound; addresses lose their query.
 * @example toEvent({ kind: 'api', endpoint: '/api/vip/plans', code: 'timeout', status: 0 }, location.href) // the same, checked
 */
export function toEvent(note: FieldNote, base: string): FieldEvent | null {
  switch (note.kind) {
    case 'error': {
      const { event } = note;
      const rejection = event.type === 'unhandledrejection';
      const error = (rejection ? event.reason : event.error) as { message?: unknown; stack?: unknown } | undefined;
      const message = text(error?.message ?? (rejection ? event.reason : event.message), FIELD_MESSAGE_MAX) || '(no message)';
      // A rejection names no file: its stack's first frame does, where it has one.
      const frame = event.filename ? null : FRAME.exec(String(error?.stack ?? ''));
      return {
        kind: 'error',
        message,
        source: cleanSource(frame?.[1] ?? event.filename ?? '', base),
        line: Number(frame?.[2] ?? event.lineno) || 0,
        col: Number(frame?.[3] ?? event.colno) || 0,
        rejection,
      };
    }
    case 'chunk':
      return { kind: 'chunk', chunk: cleanSource(note.chunk, base).slice(0, FIELD_CHUNK_MAX) || '(unknown)', recovered: note.recovered };
    case 'bridge': {
      // The place in the schema and what it expected there: never the host's value.
      const issue = note.schema ? v.safeParse(note.schema, note.value).issues?.[0] : undefined;
      const place = issue ? ` at ${issue.path?.map((item) => String(item.key)).join('.') || 'the top'} (expected ${issue.expected})` : '';
      return BRIDGE_METHOD_PATTERN.test(note.method) ? { kind: 'bridge', method: note.method, rule: text(note.rule + place, FIELD_RULE_MAX) } : null;
    }
    case 'api': {
      // An event the server would refuse would take its whole batch with it: such a one is left out.
      const code = note.code.slice(0, FIELD_CODE_MAX);
      const status = Math.trunc(note.status);
      const valid = API_ENDPOINT_PATTERN.test(note.endpoint) && API_CODE_PATTERN.test(code) && status >= 0 && status <= 599;
      return valid ? { kind: 'api', endpoint: note.endpoint, code, status } : null;
    }
  }
}

/** What the reporter needs of the browser; tests pass their own. */
export interface FieldDeps {
  send: (batch: FieldBatch) => void;
  /** Calls back on the page's hide (visibilitychange to hidden, or pagehide), every time. */
  onHide: (callback: () => void) => void;
  random: () => number;
  base: string;
  userAgent: string;
  /** Starts measuring (a page view in the sample only) and gives the reader of the timings. */
  watchTimings: () => () => FieldEvent[];
}

/**
 * The browser's: sendBeacon, else a keepalive fetch, each batch once and nothing awaited. As text/plain,
 * like tracking's batches (src/lib/track/sender.ts): a beacon to an API on another origin needs no
 * preflight, and Chromium below 81 refuses a keepalive request that would.
 */
function browserDeps(): FieldDeps {
  return {
    send: (batch) => {
      const body = JSON.stringify(batch);
      const type = 'text/plain;charset=UTF-8';
      try {
        if (navigator.sendBeacon?.(FIELD_ENDPOINT, new Blob([body], { type }))) return;
      } catch {
        // refused by the browser: the fetch below
      }
      fetch(FIELD_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'content-type': type } }).catch(() => undefined);
    },
    onHide: (callback) => {
      addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && callback());
      addEventListener('pagehide', callback);
    },
    random: Math.random,
    base: location.href,
    userAgent: navigator.userAgent,
    watchTimings,
  };
}

/**
 * Starts reporting this page view, or, for a page view outside the sample, only stops the queue from
 * growing.
 * @example startFieldReport({ route: 'vip-center', locale: 'vi-VN' })
 */
export function startFieldReport(page: { route: RoutePath; locale: Locale }, deps: FieldDeps = browserDeps(), sample = SAMPLE): void {
  const holder = queueHolder();
  const queued = (holder.__field ?? []) as FieldNote[];
  if (deps.random() >= sample) {
    holder.__field = { push: () => 0 };
    return;
  }
  const timings = deps.watchTimings();
  const appVersion = String($selfInfo.get().dev_app_version ?? '');
  const context: FieldContext = {
    view: randomId(24),
    route: page.route,
    locale: page.locale,
    engine: engineOf(deps.userAgent),
    app: FIELD_APP_PATTERN.test(appVersion) ? appVersion : null,
    inApp: isInApp(),
  };
  const pending: FieldEvent[] = [];
  const seen = new Set<string>();
  let room = FIELD_VIEW_EVENTS_MAX;
  let timed = false;

  const add = (event: FieldEvent | null) => {
    // The same error in a loop is one report, not a hundred.
    const key = JSON.stringify(event);
    if (!event || room <= 0 || seen.has(key)) return;
    seen.add(key);
    room--;
    pending.push(event);
    if (pending.length >= FIELD_EVENTS_MAX) flush();
  };
  const flush = () => {
    while (pending.length) deps.send({ ...context, events: pending.splice(0, FIELD_EVENTS_MAX) });
  };

  holder.__field = { push: (note) => add(toEvent(note, deps.base)) };
  for (const note of queued) add(toEvent(note, deps.base));
  deps.onHide(() => {
    // The timings once, at the first hide: by then LCP and CLS are final, and the page was seen.
    if (!timed) timings().forEach(add);
    timed = true;
    flush();
  });
}
