import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../schema';

// `npm run schema:print` writes schema.graphql; `--check` fails when the committed file has drifted.
const target = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file is drift too.
  }
  if (committed !== printed) {
    console.error('packages/api/schema.graphql is out of date: run `npm run schema:print` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  writeFileSync(target, printed);
  console.log(`Wrote ${target}`);
}
