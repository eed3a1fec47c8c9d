import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { demoTaxonomy } from '../modules/content/demo-edition';
import { syntheticCorpus } from '../modules/content/synthetic-corpus';

// `npm run content:generate -- COUNT FILE`: writes a synthetic corpus of COUNT articles (plus its
// taxonomy: synthetic authors, the demo edition's sections, topics and series) as NDJSON, streamed,
// for `content:import` benchmarks (docs/benchmarks.md, "Content import").
const [countText, file] = process.argv.slice(2);
const count = Number(countText);
if (!Number.isInteger(count) || count < 1 || !file) {
  console.error('Usage: npm run content:generate -- COUNT FILE   (e.g. 100000 /tmp/corpus.ndjson)');
  process.exit(2);
}
const target = path.resolve(process.cwd(), file);
const out = createWriteStream(target);
let written = 0;
for (const record of syntheticCorpus(count, demoTaxonomy())) {
  if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  if (record.type === 'article' && ++written % 10_000 === 0) console.log(`Wrote ${written} articles`);
}
out.end();
await once(out, 'finish');
console.log(`Wrote ${count} articles to ${target}`);
