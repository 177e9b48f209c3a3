/**
 * The field report as text (`npm run field`), and the cells both it and the simulator's page
 * (server/simulator/field-page.ts) show, so the two say the same in the same words.
 */
import { TIMING_NAMES } from '../src/shared/field/rules';
import type { FieldReport, TimingName } from './field-report';

/** What a missing figure shows. */
export const NONE = '–';

/**
 * A timing as the report shows it: milliseconds rounded, CLS (a score) to three decimals.
 * @example timingCell('LCP', 1840.4) // '1840'
 * @example timingCell('CLS', 0.0512) // '0.051'
 */
export function timingCell(name: TimingName, value: number | null): string {
  if (value === null) return NONE;
  return name === 'CLS' ? String(Number(value.toFixed(3))) : String(Math.round(value));
}

/** @example routeCell('') // '/' */
export const routeCell = (route: string) => `/${route}`;
/** @example placeCell(true) // 'in app' */
export const placeCell = (inApp: boolean) => (inApp ? 'in app' : 'outside');
/** @example appsCell(['10.2.1', null]) // '10.2.1, no version' */
export const appsCell = (apps: Array<string | null>) => apps.map((app) => app ?? 'no version').join(', ');
/** @example timeCell(0) // '1970-01-01 00:00 UTC' */
export const timeCell = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The report's tables, as headers and rows of cells: what each format lays out its own way.
 * @example reportTables(fieldReport(db))[0].title // 'Pages: p75 over page views (ms; CLS a score)'
 */
export function reportTables(report: FieldReport): Array<{ title: string; header: string[]; rows: string[][] }> {
  return [
    {
      title: 'Pages: p75 over page views (ms; CLS a score)',
      header: ['route', 'engine', 'where', 'views', ...TIMING_NAMES],
      rows: report.pages.map((page) => [
        routeCell(page.route),
        `${page.engine} ${page.major}`,
        placeCell(page.inApp),
        String(page.views),
        ...TIMING_NAMES.map((name) => timingCell(name, page.p75[name])),
      ]),
    },
    {
      title: 'Errors by message and source',
      header: ['count', 'message', 'source', 'engines', 'app versions'],
      rows: report.errors.map((e) => [String(e.count), e.message, e.source || NONE, e.engines.join(', '), appsCell(e.apps)]),
    },
    {
      title: 'Chunk failures by chunk',
      header: ['failed', 'recovered', 'chunk'],
      rows: report.chunks.map((c) => [String(c.failed), String(c.recovered), c.chunk]),
    },
    {
      title: 'Contract violations by method and rule',
      header: ['count', 'method', 'rule', 'engines', 'app versions'],
      rows: report.bridge.map((b) => [String(b.count), b.method, b.rule, b.engines.join(', '), appsCell(b.apps)]),
    },
    {
      title: 'API failures by endpoint and code',
      header: ['count', 'endpoint', 'code', 'statuses'],
      rows: report.api.map((a) => [String(a.count), a.endpoint, a.code, a.statuses.join(', ')]),
    },
  ];
}

/** What the report is over. @example summaryLine(report) // '42 events from 7 page views, received 2026-01-01 08:00 UTC – 2026-01-02 09:30 UTC' */
export function summaryLine(report: FieldReport): string {
  if (report.first === null || report.last === null) return 'none stored';
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `${count(report.events, 'event')} from ${count(report.views, 'page view')}, received ${timeCell(report.first)} – ${timeCell(report.last)}`;
}

/**
 * A cell safe to print: anonymous senders write these texts, and a control character (an ANSI escape,
 * a carriage return) or a bidirectional override would act on the reader's terminal instead of
 * showing. Each is shown as its code.
 * @example printable('a\u001b[2Jb') // 'a\\u001b[2Jb'
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Columns padded to their widest cell, the last one left ragged. */
function layOut(header: string[], table: string[][]): string[] {
  const rows = table.map((row) => row.map(printable));
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  return [header, ...rows].map((cells) => `  ${line(cells)}`.trimEnd());
}

/**
 * The report as text for a terminal: the summary line, then each table (or "none").
 * @example console.log(formatFieldReport(fieldReport(db)))
 */
export function formatFieldReport(report: FieldReport): string {
  const sections = reportTables(report).map(({ title, header, rows }) => [title, ...(rows.length ? layOut(header, rows) : ['  none'])].join('\n'));
  return `${[`Field reports: ${summaryLine(report)}`, ...sections].join('\n\n')}\n`;
}
