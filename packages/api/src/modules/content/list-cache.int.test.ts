import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { openContentChangeFeed } from '../../platform/content-changes';
import { fixtureArticle, fixtureTaxonomy } from './content-fixtures';
import { contentServiceFor, importContentInto } from './content.module';
import { memorySource } from './content-source';
import { cacheListsUntilChanged } from './list-cache';

let database: DatabaseHandle;
let feed: ReturnType<typeof openContentChangeFeed> | undefined;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await feed?.close();
  feed = undefined;
  await database?.close();
});

const records = (headline: string) =>
  [...fixtureTaxonomy, fixtureArticle('first'), fixtureArticle('second', { headline })].map(
    (value, index) => ({ source: 'test.ndjson', record: index + 1, line: index + 1, value }),
  );

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('content lists cached until the content changes', () => {
  it('serves the remembered front page until an import is heard, then the new one', async () => {
    feed = openContentChangeFeed({ env: parseServerEnv({}), database });
    await feed.ready;
    const content = cacheListsUntilChanged(contentServiceFor(database.db), feed);
    await importContentInto(database.db, memorySource(records('The first headline')));
    await until(async () => (await content.frontPage()).topStory !== null);

    const front = await content.frontPage();
    const headlines = (page: typeof front) =>
      [page.topStory, ...page.latest].map((story) => story?.headline).filter(Boolean);
    expect(headlines(front)).toContain('The first headline');
    expect(await content.frontPage()).toBe(front);

    await importContentInto(database.db, memorySource(records('An edited headline')));
    await until(async () => headlines(await content.frontPage()).includes('An edited headline'));
    expect(headlines(await content.frontPage())).toContain('An edited headline');
    expect(headlines(await content.frontPage())).not.toContain('The first headline');
  });

  it('composes every time once the feed is closed (it would hear no change)', async () => {
    feed = openContentChangeFeed({ env: parseServerEnv({}), database });
    await feed.ready;
    const content = cacheListsUntilChanged(contentServiceFor(database.db), feed);
    await importContentInto(database.db, memorySource(records('One')));
    await feed.close();
    const first = await content.frontPage();
    expect(await content.frontPage()).not.toBe(first);
    expect(content.cachedLists).toBe(0);
  });
});
