// Embedded database commit throughput: acknowledged single-row writes per second on PGlite in a data
// folder, as the product opens it (every commit synced to the disk, group commit) against PGlite as it
// was opened before (fsync off, nothing synced: an OS crash could lose acknowledged writes).
//
//   npm run bench:durability   # node --import tsx bench/embedded-commit-durability.mjs [--seconds 5] [--runs 3]
//
// For each mode and concurrency (1 writer, 16 writers), `runs` runs of `seconds` each; prints the median
// and the range as a markdown table.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePglite } from '../packages/db/src/durable-pglite.ts';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = arg('seconds', 5);
const runs = arg('runs', 3);

async function open(mode, dataDir) {
  if (mode === 'durable') return (await openDurablePglite(dataDir, {})).client;
  return PGlite.create({ dataDir });
}

async function run(mode, writers) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bof-bench-durability-'));
  try {
    const client = await open(mode, path.join(folder, 'pglite'));
    await client.exec('create table notes (id serial primary key, body text not null)');
    let writes = 0;
    const ends = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < ends) {
          await client.query('insert into notes (body) values ($1)', [
            'a note of about forty characters long',
          ]);
          writes += 1;
        }
      }),
    );
    await client.close();
    return writes / seconds;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`| mode | writers | writes/s (median of ${runs}) | range |`);
console.log('| --- | --: | --: | --- |');
for (const writers of [1, 16]) {
  for (const mode of ['unsynced', 'durable']) {
    const rates = [];
    for (let index = 0; index < runs; index += 1) rates.push(await run(mode, writers));
    const fmt = (n) => Math.round(n).toLocaleString('en-GB');
    console.log(
      `| ${mode} | ${writers} | ${fmt(median(rates))} | ${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))} |`,
    );
  }
}
