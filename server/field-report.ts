/**
 * The field report (docs/field.md): what the stored field events say, as one plain object
 * that `npm run field` prints (./field-report-text.ts) and the simulator shows (/__host/field). Reads
 * only, so it runs on a read-only database beside a running server.
 */
import { TIMING_NAMES } from '../src/shared/field/rules';
import type { Db } from './db';

export type TimingName = (typeof TIMING_NAMES)[number];

/** One route × engine × inside or outside the app. */
export interface PageFigures {
  route: string;
  engine: string;
  major: number;
  inApp: boolean;
  /** Page views that reported anything. */
  views: number;
  /** The p75 over page views of each timing (the last value a view reported), null where none did. */
  p75: Record<TimingName, number | null>;
  /** How many page views each p75 is over. */
  samples: Record<TimingName, number>;
}

/** Engines as `chromium 64`, oldest first; app versions in version order, `null` (no app version) last. */
interface Origins {
  engines: string[];
  apps: Array<string | null>;
}

export interface ErrorFigures extends Origins {
  message: string;
  source: string;
  count: number;
}

/**
 * A chunk's loads that failed, and how many of those a later load (under a fresh URL) made good: the
 * reporter sends one event for each failure and one more for each recovery
 * (src/lib/model/import-again.ts), so `failed - recovered` left a user without that part of the page.
 */
export interface ChunkFigures {
  chunk: string;
  failed: number;
  recovered: number;
}

export interface BridgeFigures extends Origins {
  method: string;
  rule: string;
  count: number;
}

export interface ApiFigures {
  endpoint: string;
  code: string;
  count: number;
  statuses: number[];
}

export interface FieldReport {
  events: number;
  views: number;
  /** When the oldest and the newest stored event arrived (ms since the epoch); null when none is stored. */
  first: number | null;
  last: number | null;
  pages: PageFigures[];
  errors: ErrorFigures[];
  chunks: ChunkFigures[];
  bridge: BridgeFigures[];
  api: ApiFigures[];
}

/**
 * The nearest-rank percentile: the smallest value such that at least `p` of the values are at or
 * below it, i.e. the ⌈p·n⌉-th of the sorted values; null for no values. Always one of the values,
 * never an interpolation between two, so a p75 over four page views is the third slowest of them.
 * @example nearestRank([400, 100, 300, 200], 0.75) // 300
 * @example nearestRank([100, 200, 300, 400, 500], 0.75) // 400 (⌈3.75⌉ = 4th)
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

type Row = Record<string, string | number | null>;

const byCountThen =
  <T extends { count: number }>(key: (item: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || key(a).localeCompare(key(b));
const versionOrder = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true }));

/** Groups rows by `key`, counting them and collecting the engines and app versions they came from. */
function withOrigins(rows: Row[], key: (row: Row) => string[]): Array<{ key: string[]; count: number } & Origins> {
  const groups = new Map<string, { key: string[]; count: number; engines: Map<string, [string, number]>; apps: Set<string | null> }>();
  for (const row of rows) {
    const parts = key(row);
    const id = JSON.stringify(parts);
    const group = groups.get(id) ?? groups.set(id, { key: parts, count: 0, engines: new Map(), apps: new Set() }).get(id)!;
    group.count += 1;
    group.engines.set(`${row.engine} ${row.major}`, [String(row.engine), Number(row.major)]);
    group.apps.add(row.app === null ? null : String(row.app));
  }
  return [...groups.values()].map(({ key, count, engines, apps }) => ({
    key,
    count,
    engines: [...engines.entries()].sort(([, a], [, b]) => a[0].localeCompare(b[0]) || a[1] - b[1]).map(([name]) => name),
    apps: [...apps].sort(versionOrder),
  }));
}

/**
 * Everything stored, as figures: pages by route × engine × in the app, errors by message and source,
 * chunk failures by chunk, contract violations by method and rule, API failures by endpoint and code.
 * @example fieldReport(db).pages[0] // { route: 'vip-center', engine: 'chromium', major: 64, inApp: true, views: 12, p75: { LCP: 1840, … }, … }
 */
export function fieldReport(db: Db): FieldReport {
  const all = (sql: string) => db.prepare(sql).all() as Row[];
  const totals = db
    .prepare('SELECT COUNT(*) AS events, COUNT(DISTINCT view) AS views, MIN(received_at) AS first, MAX(received_at) AS last FROM field_events')
    .get() as Row;
  const field = (name: string) => `json_extract(data, '$.${name}') AS ${name}`;

  const pages = new Map<string, PageFigures & { values: Record<TimingName, Map<string, number>> }>();
  const groupOf = (row: Row) => JSON.stringify([row.route, row.engine, row.major, row.in_app]);
  for (const row of all('SELECT route, engine, major, in_app, COUNT(DISTINCT view) AS views FROM field_events GROUP BY route, engine, major, in_app')) {
    const none = <T>(value: T) => Object.fromEntries(TIMING_NAMES.map((name) => [name, value])) as Record<TimingName, T>;
    pages.set(groupOf(row), {
      route: String(row.route),
      engine: String(row.engine),
      major: Number(row.major),
      inApp: row.in_app === 1,
      views: Number(row.views),
      p75: none(null),
      samples: none(0),
      values: Object.fromEntries(TIMING_NAMES.map((name) => [name, new Map()])) as Record<TimingName, Map<string, number>>,
    });
  }
  // In arrival order, so a view that reported a timing twice (LCP and CLS grow while the page lives) counts its last.
  for (const row of all(`SELECT route, engine, major, in_app, view, ${field('name')}, ${field('value')} FROM field_events WHERE kind = 'timing' ORDER BY id`)) {
    pages.get(groupOf(row))?.values[row.name as TimingName]?.set(String(row.view), Number(row.value));
  }
  for (const page of pages.values()) {
    for (const name of TIMING_NAMES) {
      const values = [...page.values[name].values()];
      page.p75[name] = nearestRank(values, 0.75);
      page.samples[name] = values.length;
    }
  }

  const errors = withOrigins(all(`SELECT engine, major, app, ${field('message')}, ${field('source')} FROM field_events WHERE kind = 'error'`), (row) => [
    String(row.message),
    String(row.source),
  ]).map(({ key: [message, source], ...rest }) => ({ message: message!, source: source!, ...rest }));
  const bridge = withOrigins(all(`SELECT engine, major, app, ${field('method')}, ${field('rule')} FROM field_events WHERE kind = 'bridge'`), (row) => [
    String(row.method),
    String(row.rule),
  ]).map(({ key: [method, rule], ...rest }) => ({ method: method!, rule: rule!, ...rest }));
  const chunks = all(
    `SELECT ${field('chunk')}, SUM(NOT json_extract(data, '$.recovered')) AS failed, SUM(json_extract(data, '$.recovered')) AS recovered FROM field_events WHERE kind = 'chunk' GROUP BY chunk`,
  ).map((row) => ({ chunk: String(row.chunk), failed: Number(row.failed), recovered: Number(row.recovered) }));
  const api = all(
    `SELECT ${field('endpoint')}, ${field('code')}, COUNT(*) AS count, json_group_array(DISTINCT json_extract(data, '$.status')) AS statuses
       FROM field_events WHERE kind = 'api' GROUP BY endpoint, code`,
  ).map((row) => ({
    endpoint: String(row.endpoint),
    code: String(row.code),
    count: Number(row.count),
    statuses: (JSON.parse(String(row.statuses)) as number[]).sort((a, b) => a - b),
  }));

  return {
    events: Number(totals.events),
    views: Number(totals.views),
    first: totals.first === null ? null : Number(totals.first),
    last: totals.last === null ? null : Number(totals.last),
    pages: [...pages.values()]
      .map(({ values: _, ...page }) => page)
      .sort((a, b) => a.route.localeCompare(b.route) || a.engine.localeCompare(b.engine) || a.major - b.major || Number(b.inApp) - Number(a.inApp)),
    errors: errors.sort(byCountThen((e) => `${e.message}\n${e.source}`)),
    chunks: chunks.sort((a, b) => b.failed - a.failed || a.chunk.localeCompare(b.chunk)),
    bridge: bridge.sort(byCountThen((b) => `${b.method}\n${b.rule}`)),
    api: api.sort(byCountThen((a) => `${a.endpoint}\n${a.code}`)),
  };
}

/** One stored event as a pipeline takes it: the page view's context, when it arrived, and the event's own fields. */
export type FieldRecord = {
  receivedAt: number;
  view: string;
  route: string;
  locale: string;
  engine: { name: string; major: number };
  app: string | null;
  inApp: boolean;
  kind: string;
} & Record<string, unknown>;

/**
 * Every stored event, oldest first, one object each (docs/field.md, "Into a pipeline"): the batch's
 * context as it was sent, `receivedAt`, then the event's fields. Read row by row, never all at once.
 * @example for (const record of fieldRecords(db)) process.stdout.write(`${JSON.stringify(record)}\n`)
 */
export function* fieldRecords(db: Db): Generator<FieldRecord> {
  const rows = db
    .prepare('SELECT received_at, view, route, locale, engine, major, app, in_app, kind, data FROM field_events ORDER BY id')
    .iterate() as Iterable<Row>;
  for (const row of rows) {
    yield {
      receivedAt: Number(row.received_at),
      view: String(row.view),
      route: String(row.route),
      locale: String(row.locale),
      engine: { name: String(row.engine), major: Number(row.major) },
      app: row.app === null ? null : String(row.app),
      inApp: row.in_app === 1,
      kind: String(row.kind),
      ...(JSON.parse(String(row.data)) as Record<string, unknown>),
    };
  }
}
