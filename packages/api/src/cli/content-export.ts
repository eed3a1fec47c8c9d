import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { exportContent } from '../modules/content/export-content';
import { openCommandDatabase } from './command-database';

// `npm run content:export -- FILE`: writes every content record of the database (taxonomy, then
// stories by slug) to FILE as NDJSON, the format `content:import` reads. Exit 0 written, 2 usage,
// 78 configuration.
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run content:export -- FILE   (NDJSON, one content record a line)');
  process.exit(2);
}
const target = path.resolve(process.cwd(), file);
const database = await openCommandDatabase();
const out = createWriteStream(target);
let records = 0;
try {
  for await (const record of exportContent(database.db)) {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    if (++records % 10_000 === 0) console.log(`Wrote ${records.toLocaleString('en-GB')} records`);
  }
} finally {
  out.end();
  await once(out, 'finish');
  await database.close();
}
console.log(`Exported ${records.toLocaleString('en-GB')} records to ${target}`);
process.exit(0);
