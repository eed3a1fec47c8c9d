// The front page's cost against the archive's size: composes it in-process on an embedded database
// (PGlite in memory) holding the demo edition plus N synthetic stories, timing `frontPage()` (median and
// range of repeated calls after a warm-up) and counting its queries; beside it, the same page composed
// block by block as before (each list asked on its own, one after another, with the stories before it
// left out), for the ratio.
//
//   npx tsx bench/front-page.ts [--stories 10000] [--calls 30]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '@bof/db/client';
import { migrateDatabase } from '@bof/db/migrate';
import { demoEditionSeed } from '../packages/api/src/modules/content/content-demo.seed';
import { importContentInto } from '../packages/api/src/modules/content/content.module';
import { createContentRepo, type ContentRepo } from '../packages/api/src/modules/content/content.repo';
import {
  ANALYSIS_SECTION,
  INSIGHTS_SERIES,
  RAIL_TOPICS_FROM,
  createContentService,
} from '../packages/api/src/modules/content/content.service';
import { memorySource } from '../packages/api/src/modules/content/content-source';
import { demoTaxonomy } from '../packages/api/src/modules/content/demo-edition';
import { syntheticCorpus } from '../packages/api/src/modules/content/synthetic-corpus';
import type { StoryCard } from '../packages/api/src/modules/content/content.types';
import { formatSummary, machine, summarize } from './lib/measure.mjs';

const { values: args } = parseArgs({
  options: { stories: { type: 'string', default: '10000' }, calls: { type: 'string', default: '30' } },
});
const stories = Number(args.stories);
const calls = Number(args.calls);

/** The front page as it was composed before: every block's list asked in turn. */
async function oneByOne(repo: ContentRepo) {
  const used: string[] = [];
  const take = (list: StoryCard[]) => (used.push(...list.map((s) => s.id)), list);
  const w = (limit: number) => ({ limit, offset: 0 });
  take(await repo.listStories({ kind: 'article' }, w(9)));
  const section = await repo.section(ANALYSIS_SECTION);
  if (section)
    take(await repo.listStories({ kind: 'article', sectionId: section.id, excludeIds: used }, w(4)));
  const series = await repo.series(INSIGHTS_SERIES);
  if (series) take(await repo.listStories({ seriesId: series.id, excludeIds: used }, w(4)));
  take(await repo.listStories({ kind: 'case_study' }, w(3)));
  let rails = 0;
  for (const topic of await repo.busiestTopics(RAIL_TOPICS_FROM)) {
    if (rails === 4) break;
    const list = take(await repo.listStories({ kind: 'article', topicId: topic.id, excludeIds: used }, w(4)));
    if (list.length > 0) rails += 1;
  }
}

const before = machine();
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
await migrateDatabase(database);
await demoEditionSeed.run(database.db);
if (stories > 0) {
  const started = performance.now();
  let record = 0;
  const source = memorySource(
    [...syntheticCorpus(stories, demoTaxonomy())].map((value) => ({
      source: 'synthetic',
      record: ++record,
      value,
    })),
  );
  await importContentInto(database.db, source);
  console.log(
    `Imported ${stories} synthetic stories in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
}
const client = database.pglite!;
const query = client.query.bind(client);
let queries = 0;
client.query = ((...a: Parameters<typeof query>) => ((queries += 1), query(...a))) as typeof client.query;

const repo = createContentRepo(database.db);
const service = createContentService({ repo });
async function time(compose: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await compose();
  const times: number[] = [];
  queries = 0;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await compose();
    times.push(performance.now() - t0);
  }
  return { ms: summarize(times), queries: queries / calls };
}
// Alternating, so both see the same machine.
const now = await time(() => service.frontPage());
const old = await time(() => oneByOne(repo));
const after = machine();
console.log(
  `\nFront page, demo edition + ${stories} synthetic stories, ${calls} calls each after 5 warm-up calls, PGlite in memory; ${os.cpus().length} CPUs, Node ${process.version}; load before ${before.load}, after ${after.load}; ${before.at}.\n`,
);
console.log('| composition | ms per page, median (range) | queries per page |');
console.log('| --- | ---: | ---: |');
console.log(`| set-based, three rounds (now) | ${formatSummary(now.ms, 1)} | ${now.queries} |`);
console.log(`| block by block (before) | ${formatSummary(old.ms, 1)} | ${old.queries} |`);
await database.close();
