/**
 * The kit's report: what ran and how it went, with the WebView's engine and the app's version, as
 * JSON (for tools: `window.bridgeReport`, the copy, the POST) and as Markdown (for an issue or a chat).
 */
import type { CheckResult, Reason, Status } from '../bridge/probe';

export interface KitReport {
  kit: 'bridge-check';
  /** The report's shape; bumped when it changes. */
  version: 1;
  at: string;
  page: string;
  locale: string;
  engine: { chromium: number | null; userAgent: string };
  app: { version: string | null; manufacturer: string | null; model: string | null };
  /** The automatic part (the bridge and every query) has run. */
  automaticDone: boolean;
  summary: Record<Status, number>;
  results: Array<CheckResult & { text: string[] }>;
}

/** Reads the reason's message in the page's language. */
export type ReasonText = (reason: Reason) => string;

/** `Chrome/64.0.3282.137` in the user agent: the WebView's Chromium major version. */
export function chromiumOf(userAgent: string): number | null {
  const match = /Chrome\/(\d+)/.exec(userAgent);
  return match ? Number(match[1]) : null;
}

/** The app's own words about itself, from getAppBaseInfo's raw answer, read leniently (it may be what failed). */
export function appOf(raw: string | undefined): KitReport['app'] {
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '');
    if (parsed && typeof parsed === 'object') info = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the query's own row says so; the report just has no version.
  }
  const field = (name: string) => (typeof info[name] === 'string' || typeof info[name] === 'number' ? String(info[name]) : null);
  return { version: field('dev_app_version'), manufacturer: field('dev_manufacturer'), model: field('dev_model') };
}

/**
 * The report for `results` as they stand.
 * @example buildReport(results, { text, locale: 'en-US', userAgent: navigator.userAgent, page: location.pathname, automaticDone: true, now: Date.now() })
 */
export function buildReport(
  results: CheckResult[],
  context: { text: ReasonText; locale: string; userAgent: string; page: string; automaticDone: boolean; now: number },
): KitReport {
  const summary: Record<Status, number> = { pass: 0, fail: 0, skipped: 0 };
  for (const { status } of results) summary[status] += 1;
  return {
    kit: 'bridge-check',
    version: 1,
    at: new Date(context.now).toISOString(),
    page: context.page,
    locale: context.locale,
    engine: { chromium: chromiumOf(context.userAgent), userAgent: context.userAgent },
    app: appOf(results.find((r) => r.call === 'getAppBaseInfo')?.raw),
    automaticDone: context.automaticDone,
    summary,
    results: results.map((result) => ({ ...result, text: result.reasons.map(context.text) })),
  };
}

/** A table cell: no pipe or line break may end it early. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * The report as Markdown: a header with the engine and the app, then one row per call.
 * @example markdown(report, { pass: 'pass', fail: 'FAIL', skipped: 'skipped' })
 */
export function markdown(report: KitReport, statusWord: Record<Status, string>): string {
  const { engine, app, summary } = report;
  const lines = [
    `# NativeBridge check, ${report.at}`,
    '',
    `- WebView: Chromium ${engine.chromium ?? '?'} (${cell(engine.userAgent)})`,
    `- App: ${[app.version, app.manufacturer, app.model].filter(Boolean).join(', ') || '?'}`,
    `- ${statusWord.pass}: ${summary.pass}, ${statusWord.fail}: ${summary.fail}, ${statusWord.skipped}: ${summary.skipped}`,
    '',
    '| call | kind | result | why | raw |',
    '|---|---|---|---|---|',
    ...report.results.map(
      (r) =>
        `| \`${r.call}\` | ${r.kind} | ${statusWord[r.status]} | ${cell(r.text.join(' '))} | ${r.raw === undefined ? '' : `\`${cell(r.raw.replace(/`/g, "'"))}\``} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
