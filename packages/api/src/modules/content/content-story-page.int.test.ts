import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createTestDatabase } from '@bof/db/testing';
import type { DatabaseHandle } from '@bof/db/client';
import { announceContentChange, openContentChangeFeed } from '../../platform/content-changes';
import { demoEditionSeed } from './content-demo.seed';
import { contentServiceFor } from './content.module';
import type { ContentService } from './content.service';
import { cacheListsUntilChanged } from './list-cache';

let database: DatabaseHandle;
let feed: ReturnType<typeof openContentChangeFeed>;

beforeAll(async () => {
  database = await createTestDatabase();
  await demoEditionSeed.run(database.db);
  feed = openContentChangeFeed({ env: parseServerEnv({}), database });
  await feed.ready;
});
afterAll(async () => {
  await feed?.close();
  await database?.close();
});

// A story the demo edition's body links other stories from (related blocks), with topics.
const SLUG = 'digital-product-passports-are-coming-what-brands-need-to-have-ready';

/**
 * What a story page reads from the content, as apps/web/src/app/articles/[section]/[slug]/page.tsx does
 * (its metadata shares the page's read of the story): the story, then the recommended stories, then the
 * cards of the stories the body links to.
 */
async function storyPageContent(content: ContentService, slug: string) {
  const story = await content.story(slug);
  const recommended = await content.recommendedStories({ slug: story.slug, limit: 4 });
  const related = await content.cards(story.body.flatMap((b) => (b.type === 'related' ? [b.slug] : [])));
  return { story, recommended, related };
}

/** Counts the statements `work` sends (on PGlite, every statement goes through the client's `query`). */
async function countQueries<T>(work: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const client = database.pglite!;
  const original = client.query.bind(client);
  let queries = 0;
  client.query = ((...args: Parameters<typeof original>) => {
    queries += 1;
    return original(...args);
  }) as typeof client.query;
  try {
    return { value: await work(), queries };
  } finally {
    client.query = original;
  }
}

describe("a story page's content", () => {
  it('is the same read through the cache as read directly, and the cached parts are shared', async () => {
    const direct = await storyPageContent(contentServiceFor(database.db), SLUG);
    expect(direct.related.length).toBeGreaterThan(0);
    expect(direct.recommended).toHaveLength(4);
    expect(direct.recommended.map((s) => s.slug)).not.toContain(SLUG);
    const cached = cacheListsUntilChanged(contentServiceFor(database.db), feed);
    const first = await storyPageContent(cached, SLUG);
    expect(first).toEqual(direct);
    const again = await storyPageContent(cached, SLUG);
    expect(again).toEqual(direct);
    expect(again.related).toBe(first.related);
    expect(again.recommended).toBe(first.recommended);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is read in a bounded number of queries, and only the story is read again until the content changes',
    async () => {
      const direct = await countQueries(() => storyPageContent(contentServiceFor(database.db), SLUG));
      // The story with its bylines and topics, and its tags (2); the recommendations: the story's id and
      // topics, the stories sharing the most topics, their cards (3; one more to top up when too few
      // share a topic); the related cards with their bylines and topics (1).
      expect(direct.queries).toBeGreaterThanOrEqual(6);
      expect(direct.queries).toBeLessThanOrEqual(7);
      expect((await countQueries(() => contentServiceFor(database.db).story(SLUG))).queries).toBe(2);

      const cached = cacheListsUntilChanged(contentServiceFor(database.db), feed);
      const first = await countQueries(() => storyPageContent(cached, SLUG));
      expect(first.queries).toBe(direct.queries);
      const again = await countQueries(() => storyPageContent(cached, SLUG));
      // Related and recommended cards are remembered until a content change; the story is read again.
      expect(again.queries).toBe(2);
      expect(again.value).toEqual(first.value);

      // An edit of the story is heard: its page's cards are composed again.
      await announceContentChange(database.db, {
        storyIds: [first.value.story.id],
        slugs: [SLUG],
        lists: false,
      });
      const end = Date.now() + 5000;
      while (cached.cachedLists > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(cached.cachedLists).toBe(0);
      expect((await countQueries(() => storyPageContent(cached, SLUG))).queries).toBe(direct.queries);
    },
  );
});
