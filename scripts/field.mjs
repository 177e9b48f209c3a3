// `npm run field`: the field report (docs/field.md) of the database under DATA_DIR (default `.data`),
// where `npm start` keeps it. `npm run field -- --jsonl` prints the stored events instead, one JSON
// object per line, for an analytics pipeline.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { buildSync } from 'esbuild';

const dir = process.env.DATA_DIR ?? '.data';
const file = join(dir, 'app.db');
if (!existsSync(file)) {
  console.error(`No database at ${file}: \`npm start\` makes one there (DATA_DIR says where).`);
  process.exit(1);
}
// Read only, so it can run beside the server: nothing is migrated, swept or written.
const db = new DatabaseSync(file, { readOnly: true });
if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'field_events'").get()) {
  console.log(`Field reports: none stored (${file} predates them; the next \`npm start\` adds their table).`);
  process.exit(0);
}

// The report is TypeScript that imports src/shared without file extensions, which Node's type stripping
// cannot resolve: bundled in memory, with no package to import, and loaded from a data: URL.
const entry = "export { fieldRecords, fieldReport } from './server/field-report'; export { formatFieldReport } from './server/field-report-text';";
const [bundle] = buildSync({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
}).outputFiles;
const { fieldRecords, fieldReport, formatFieldReport } = await import(`data:text/javascript;base64,${Buffer.from(bundle.text).toString('base64')}`);

// Piped into `head`, the reader may leave before the end: that is not a failure.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
if (process.argv.includes('--jsonl')) {
  for (const record of fieldRecords(db)) process.stdout.write(`${JSON.stringify(record)}\n`);
} else {
  process.stdout.write(formatFieldReport(fieldReport(db)));
}
db.close();
