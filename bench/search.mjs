// Search latency over 100,000 synthetic stories on PGlite (docs/benchmarks.md, "Search").
//
//   npm run content:generate -- 100000 /tmp/bof-corpus-100k.ndjson
//   npm run bench:search -- /tmp/bof-corpus-100k.ndjson [--runs 3] [--repeat 20] [--explain]
//     [--data-dir /tmp/bof-search-100k] [--load-only]
//
// `--explain` prints, once per query before the runs, `EXPLAIN (ANALYZE, BUFFERS)` of every statement
// the search makes.
//
// Builds an embedded database with every migration (in memory, or with `--data-dir` on disk as the product
// keeps it, where a corpus at 100,000 stories fits: a dump of it would not fit Node's 2 GB buffer), loads the corpus's taxonomy through the
// content import, writes its stories straight into `articles` (with their topic and author links) and
// indexes them with the same `search_index_articles` the import calls, then times the search page's
// query path (`search()`: ranked candidates, facets, snippets of the page shown) for common and rare 1-3
// word queries, `--repeat` times each per run. Prints p50 and p95 per query and over all queries, per run.
// With `--data-dir`, a folder already loaded from the same corpus (its `bench-corpus.json` says which) is
// opened as it is and not loaded again, so each run measures the same database; `--load-only` builds it
// and stops.
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../packages/db/src/testing/test-database.ts';
import { openDatabase } from '../packages/db/src/client.ts';
import { migrateDatabase } from '../packages/db/src/migrate.ts';
import { importContentInto } from '../packages/api/src/modules/content/content.module.ts';
import { memorySource } from '../packages/api/src/modules/content/content-source.ts';
import {
  bodyPlainText,
  countWords,
  readingMinutes,
} from '../packages/api/src/modules/content/content-text.ts';
import { searchServiceFor } from '../packages/api/src/modules/search/search.module.ts';
import { readSearchParams } from '../packages/api/src/modules/search/search.inputs.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    repeat: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'load-only': { type: 'boolean', default: false },
  },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run bench:search -- CORPUS.ndjson [--runs 3] [--repeat 20]');
  process.exit(2);
}

const QUERIES = [
  ['common, 1 word', 'brand'],
  ['common, 1 word', 'luxury'],
  ['common, 2 words', 'supply chain'],
  ['common, 3 words', 'luxury groups reprice'],
  ['common, prefix', 'invent'],
  ['rare, 1 word', 'dunmore'],
  ['rare, 2 words', 'flagship 73412'],
  ['rare, 3 words', 'resale platforms 4242'],
  ['none, misspelled', 'warehuose'],
];

const started = Date.now();
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : null;
const marker = dataDir ? `${dataDir}.bench-corpus.json` : null;
const corpusId = JSON.stringify({ file: path.resolve(file), bytes: statSync(file).size });
const alreadyLoaded = Boolean(marker && existsSync(marker) && readFileSync(marker, 'utf8') === corpusId);
let database;
if (dataDir) {
  if (!alreadyLoaded && existsSync(dataDir)) {
    console.error(`${dataDir} exists but was not loaded from ${file}: remove it or name another folder.`);
    process.exit(2);
  }
  database = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
} else database = await createTestDatabase();
const db = database.db;
const taxonomy = [];
let stories = [];
let loaded = 0;
const ids = {};
const flush = async () => {
  if (stories.length === 0) return;
  const rows = stories.map((s) => {
    const text = bodyPlainText(s.body);
    const words = countWords(text);
    return sql`(${s.slug}, 'article', ${s.headline}, ${s.standfirst}, ${ids.sections.get(s.section)}, ${s.access},
      ${s.mediaType}, ${s.publishedAt}::timestamptz, ${JSON.stringify(s.hero)}::jsonb, ${JSON.stringify(s.body)}::jsonb,
      ${text}, ${words}, ${readingMinutes(words)}, 1, ${s.slug})`;
  });
  const inserted =
    await db.execute(sql`insert into articles (slug, kind, headline, standfirst, section_id, access,
      media_type, published_at, hero, body, body_text, word_count, reading_minutes, version, content_hash)
    values ${sql.join(rows, sql`, `)} returning id, slug`);
  const idOf = new Map((inserted.rows ?? inserted).map((r) => [r.slug, r.id]));
  const topicRows = stories.flatMap((s) =>
    s.topics.map(
      (t, i) => sql`(${idOf.get(s.slug)}::uuid, ${ids.topics.get(t)}, ${i}, ${s.publishedAt}::timestamptz)`,
    ),
  );
  const authorRows = stories.flatMap((s) =>
    s.authors.map(
      (a, i) =>
        sql`(${idOf.get(s.slug)}::uuid, ${i}, ${ids.authors.get(a.slug)}, ${a.role}, ${s.publishedAt}::timestamptz)`,
    ),
  );
  await db.execute(
    sql`insert into article_topics (article_id, topic_id, position, published_at) values ${sql.join(topicRows, sql`, `)}`,
  );
  await db.execute(
    sql`insert into article_authors (article_id, position, author_id, role, published_at) values ${sql.join(authorRows, sql`, `)}`,
  );
  const list = sql.join(
    [...idOf.values()].map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`select search_index_articles(array[${list}]::uuid[])`);
  loaded += stories.length;
  stories = [];
  if (loaded % 10_000 === 0)
    console.log(`  loaded ${loaded} stories (${((Date.now() - started) / 1000).toFixed(0)} s)`);
};
for await (const line of alreadyLoaded ? [] : createInterface({ input: createReadStream(file) })) {
  if (!line.trim()) continue;
  const record = JSON.parse(line);
  if (record.type === 'article') {
    if (!ids.sections) {
      await importContentInto(
        db,
        memorySource(taxonomy.map((value, i) => ({ source: file, record: i + 1, line: i + 1, value }))),
      );
      const pairs = async (table) =>
        new Map(
          ((r) => r.rows ?? r)(await db.execute(sql.raw(`select id, slug from ${table}`))).map((r) => [
            r.slug,
            r.id,
          ]),
        );
      ids.sections = await pairs('content_sections');
      ids.topics = await pairs('content_topics');
      ids.authors = await pairs('content_authors');
    }
    stories.push(record);
    if (stories.length >= 1000) await flush();
  } else taxonomy.push(record);
}
if (alreadyLoaded) {
  const [row] = ((r) => r.rows ?? r)(
    await db.execute(sql`select count(*)::int as n from search_documents where kind = 'story'`),
  );
  console.log(
    `Opened ${dataDir}: ${row.n} stories indexed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
} else {
  await flush();
  await db.execute(sql`analyze search_documents`);
  if (dataDir) await db.execute(sql`checkpoint`);
  if (marker) writeFileSync(marker, corpusId);
  console.log(`Loaded and indexed ${loaded} stories in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
if (values['load-only']) {
  await database.close();
  process.exit(0);
}

const search = searchServiceFor(db, { aiAnswers: null });
if (values.explain) {
  // The same service over a database whose statements are explained before they run.
  const explaining = new Proxy(db, {
    get(target, property) {
      if (property === 'execute')
        return async (query) => {
          const plan = await target.execute(sql`explain (analyze, buffers) ${query}`);
          console.log((plan.rows ?? plan).map((row) => row['QUERY PLAN']).join('\n'), '\n');
          return target.execute(query);
        };
      const value = target[property];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const explained = searchServiceFor(explaining, { aiAnswers: null });
  for (const [kind, q] of QUERIES) {
    console.log(`Plans of ${JSON.stringify(q)} (${kind}):`);
    await explained.search(readSearchParams({ q }), null);
  }
}
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const repeat = Number(values.repeat);
for (let run = 1; run <= Number(values.runs); run++) {
  const all = [];
  console.log(`Run ${run}:`);
  for (const [kind, q] of QUERIES) {
    const times = [];
    let outcome;
    for (let i = 0; i < repeat + 2; i++) {
      const t0 = performance.now();
      outcome = await search.search(readSearchParams({ q }), null);
      const ms = performance.now() - t0;
      if (i >= 2) times.push(ms); // two warm-up searches
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `  ${kind.padEnd(17)} ${JSON.stringify(q).padEnd(24)} matches ${String(outcome.total).padStart(5)}${outcome.capped ? '+' : ' '} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  all queries: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (${all.length} searches)`,
  );
}
await database.close();
