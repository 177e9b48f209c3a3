/**
 * The simulator's field report page (`/__host/field`): the report `npm run field` prints
 * (server/field-report.ts), as HTML tables. Every text in it was written by an anonymous page, so
 * every cell is escaped; the page runs no script.
 */
import type { FieldReport } from '../field-report';
import { reportTables, summaryLine } from '../field-report-text';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML text or attribute value.
 * @example escapeHtml('<img onerror="x">') // '&lt;img onerror=&quot;x&quot;&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * The whole page.
 * @example fieldPage(fieldReport(db)) // '<!doctype html>…<h1>Field reports</h1>…'
 */
export function fieldPage(report: FieldReport): string {
  const sections = reportTables(report).map(({ title, header, rows }) => {
    const head = `<tr>${header.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr>`;
    const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
    const table = rows.length
      ? `<div class="field-scroll"><table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`
      : '<p class="hint">None.</p>';
    return `<section>\n<h2>${escapeHtml(title)}</h2>\n${table}\n</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="light dark" />
<title>Field reports</title>
<link rel="stylesheet" href="/__host/sim.css" />
</head>
<body class="field">
<header class="panel-head"><h1>Field reports</h1><a href="/__host/">Back to the simulator</a></header>
<p>${escapeHtml(summaryLine(report))}. The same as <code>npm run field</code>; docs/field.md says what each figure means. Reload for the newest.</p>
${sections.join('\n')}
</body>
</html>
`;
}
