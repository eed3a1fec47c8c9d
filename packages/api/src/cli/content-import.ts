import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentImportError, formatRecordError } from '../modules/content/content.errors';
import { importContentInto } from '../modules/content/content.module';
import { fileSource, memorySource, readEditionFolder } from '../modules/content/content-source';
import type { ImportReport } from '../modules/content/import-content';
import { openCommandDatabase } from './command-database';

// `npm run content:import -- FILE`: validates every record of FILE (a JSON array or NDJSON of records,
// or an edition folder such as content/demo-edition), then writes them all in one transaction, or
// nothing. Exit 0 imported, 1 invalid content (every problem listed), 2 usage, 78 configuration.
const SHOWN_ERRORS = 200;

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run content:import -- FILE   (a JSON array or NDJSON of content records, or an edition folder)',
  );
  process.exit(2);
}
// npm runs root scripts in the repository root: a relative FILE is read from there.
const resolved = path.resolve(process.cwd(), file);
if (!existsSync(resolved)) {
  console.error(`No such file: ${resolved}`);
  process.exit(2);
}
const source = statSync(resolved).isDirectory()
  ? memorySource(readEditionFolder(resolved).items)
  : fileSource(resolved);

const started = Date.now();
const database = await openCommandDatabase();
let exitCode = 0;
try {
  const report = await importContentInto(database.db, source, {
    progressEvery: 5000,
    onProgress: (p) =>
      console.log(
        p.phase === 'validate'
          ? `Validated ${p.done.toLocaleString('en-GB')} records`
          : `Wrote ${p.done.toLocaleString('en-GB')} of ${(p.total ?? 0).toLocaleString('en-GB')} stories`,
      ),
  });
  console.log(summary(report, Date.now() - started));
} catch (error) {
  if (!(error instanceof ContentImportError)) throw error;
  exitCode = 1;
  for (const problem of error.errors.slice(0, SHOWN_ERRORS)) console.error(formatRecordError(problem));
  if (error.errors.length > SHOWN_ERRORS) console.error(`… and ${error.errors.length - SHOWN_ERRORS} more.`);
  console.error(`${error.errors.length} problem(s) found; nothing was imported.`);
} finally {
  await database.close();
}
process.exit(exitCode);

function summary(report: ImportReport, ms: number): string {
  const line = (label: string, c: { created: number; updated: number; unchanged: number }) =>
    `  ${label.padEnd(9)} ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged`;
  return [
    `Imported ${report.records.toLocaleString('en-GB')} records in ${(ms / 1000).toFixed(1)} s:`,
    line('stories', report.stories),
    line('sections', report.sections),
    line('topics', report.topics),
    line('authors', report.authors),
    line('series', report.series),
  ].join('\n');
}
