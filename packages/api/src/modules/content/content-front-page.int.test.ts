import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { demoEditionSeed } from './content-demo.seed';
import { importContentInto } from './content.module';
import { createContentRepo, type ContentRepo } from './content.repo';
import { ANALYSIS_SECTION, INSIGHTS_SERIES, RAIL_TOPICS_FROM, createContentService } from './content.service';
import type { FrontPage } from './content.service';
import { memorySource } from './content-source';
import { demoTaxonomy } from './demo-edition';
import { syntheticCorpus } from './synthetic-corpus';
import type { StoryCard } from './content.types';

let database: DatabaseHandle;
let repo: ContentRepo;

beforeAll(async () => {
  database = await createTestDatabase();
  await demoEditionSeed.run(database.db);
  // More stories than the front page shows, in the demo's sections, topics and series.
  const records = [...syntheticCorpus(150, demoTaxonomy())];
  await importContentInto(
    database.db,
    memorySource(records.map((value, i) => ({ source: 'synthetic', record: i + 1, value }))),
  );
  repo = createContentRepo(database.db);
});
afterAll(async () => {
  await database?.close();
});

/** The front page's rule, block by block, each list asked on its own with the stories before it left out. */
async function frontPageByRule(): Promise<FrontPage> {
  const used: string[] = [];
  const take = (stories: StoryCard[]) => {
    used.push(...stories.map((s) => s.id));
    return stories;
  };
  const window = (limit: number) => ({ limit, offset: 0 });
  const newest = take(await repo.listStories({ kind: 'article' }, window(9)));
  const section = await repo.section(ANALYSIS_SECTION);
  const analysis = section
    ? take(await repo.listStories({ kind: 'article', sectionId: section.id, excludeIds: used }, window(4)))
    : [];
  const series = await repo.series(INSIGHTS_SERIES);
  const seriesStories = series
    ? take(await repo.listStories({ seriesId: series.id, excludeIds: used }, window(4)))
    : [];
  const caseStudies = take(await repo.listStories({ kind: 'case_study' }, window(3)));
  const topicRails: FrontPage['topicRails'] = [];
  for (const topic of await repo.busiestTopics(RAIL_TOPICS_FROM)) {
    if (topicRails.length === 4) break;
    const stories = take(
      await repo.listStories({ kind: 'article', topicId: topic.id, excludeIds: used }, window(4)),
    );
    if (stories.length > 0) topicRails.push({ topic, stories });
  }
  return {
    topStory: newest[0] ?? null,
    latest: newest.slice(1),
    analysis,
    topicRails,
    caseStudies,
    series: series ? { series, stories: seriesStories } : null,
  };
}

const slugs = (front: FrontPage) => ({
  top: front.topStory?.slug,
  latest: front.latest.map((s) => s.slug),
  analysis: front.analysis.map((s) => s.slug),
  rails: front.topicRails.map((r) => [r.topic.slug, r.stories.map((s) => s.slug)]),
  caseStudies: front.caseStudies.map((s) => s.slug),
  series: front.series?.stories.map((s) => s.slug),
});

describe('the front page', () => {
  it('picks the same stories as the rule, block by block, with whole cards and no story twice', async () => {
    const front = await createContentService({ repo }).frontPage();
    const expected = await frontPageByRule();
    expect(slugs(front)).toEqual(slugs(expected));
    expect(front).toEqual(expected);
    expect(front.topicRails).toHaveLength(4);
    expect(front.analysis).toHaveLength(4);
    const all = [
      front.topStory!,
      ...front.latest,
      ...front.analysis,
      ...(front.series?.stories ?? []),
      ...front.caseStudies,
      ...front.topicRails.flatMap((r) => r.stories),
    ].map((s) => s.id);
    expect(new Set(all).size).toBe(all.length);
  });

  // Counted on PGlite, where every statement goes through the client's `query`.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'asks a bounded number of queries in three rounds, whatever the archive holds',
    async () => {
      const client = database.pglite!;
      const original = client.query.bind(client);
      let queries = 0;
      client.query = ((...args: Parameters<typeof original>) => {
        queries += 1;
        return original(...args);
      }) as typeof client.query;
      try {
        const front = await createContentService({ repo }).frontPage();
        // 6 list and lookup queries (the editors' pinned lead slots among them), 3 more (analysis,
        // series, rails), the cards with bylines and topics.
        expect(queries).toBeGreaterThanOrEqual(10);
        expect(queries).toBeLessThanOrEqual(12);
        queries = 0;
        await repo.story(front.topStory!.slug);
        // The story's row, then its bylines, topics and tags together.
        expect(queries).toBeGreaterThanOrEqual(2);
        expect(queries).toBeLessThanOrEqual(4);
      } finally {
        client.query = original;
      }
    },
  );
});
