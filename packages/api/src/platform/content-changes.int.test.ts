import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { fixtureArticle, fixtureTaxonomy } from '../modules/content/content-fixtures';
import { importContentInto } from '../modules/content/content.module';
import { memorySource } from '../modules/content/content-source';
import { announceContentChange, openContentChangeFeed, type ContentChange } from './content-changes';

let database: DatabaseHandle;
let feeds: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const feed of feeds) await feed.close();
  feeds = [];
  await database?.close();
});

/** A feed over the test database that records what it hears. */
async function listen() {
  const feed = openContentChangeFeed({ env: parseServerEnv({}), database });
  feeds.push(feed);
  await feed.ready;
  const heard: ContentChange[] = [];
  feed.subscribe((change) => heard.push(change));
  return { feed, heard };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('content change feed', () => {
  it('delivers an announcement once its transaction commits, to every feed', async () => {
    const first = await listen();
    const second = await listen();
    const change = { storyIds: ['id-1'], slugs: ['first'], lists: true };
    await database.db.transaction(async (tx) => {
      await announceContentChange(tx, change);
      await settle();
      expect(first.heard).toEqual([]);
    });
    await until(() => first.heard.length > 0 && second.heard.length > 0);
    expect(first.heard).toEqual([change]);
    expect(second.heard).toEqual([change]);
  });

  it('delivers nothing for a transaction that rolls back, nor for an empty change', async () => {
    const { heard } = await listen();
    await expect(
      database.db.transaction(async (tx) => {
        await announceContentChange(tx, { storyIds: ['id-1'], slugs: ['first'], lists: true });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await announceContentChange(database.db, { storyIds: [], slugs: [], lists: false });
    await settle();
    expect(heard).toEqual([]);
  });

  it('delivers a large change in parts that name every story', async () => {
    const { heard } = await listen();
    const slugs = Array.from({ length: 400 }, (_, i) => `story-number-${i}`);
    await announceContentChange(database.db, { storyIds: [], slugs, lists: true });
    await until(() => heard.flatMap((c) => c.slugs).length >= slugs.length);
    expect(heard.length).toBeGreaterThan(1);
    expect(heard.flatMap((c) => c.slugs)).toEqual(slugs);
  });

  it('stops delivering to a listener that unsubscribed, and after close', async () => {
    const { feed, heard } = await listen();
    const other: ContentChange[] = [];
    const unsubscribe = feed.subscribe((change) => other.push(change));
    unsubscribe();
    await announceContentChange(database.db, { storyIds: [], slugs: ['a'], lists: false });
    await until(() => heard.length > 0);
    expect(other).toEqual([]);
    await feed.close();
    await announceContentChange(database.db, { storyIds: [], slugs: ['b'], lists: false });
    await settle();
    expect(heard.map((c) => c.slugs)).toEqual([['a']]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reconnects when PostgreSQL drops its connection, and says changes may have been missed',
    async () => {
      const { heard } = await listen();
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'LISTEN content_changes'`,
      );
      await until(() => heard.some((c) => c.all === true), 5000);
      expect(heard).toEqual([{ storyIds: [], slugs: [], lists: true, all: true }]);
      await announceContentChange(database.db, { storyIds: [], slugs: ['after'], lists: false });
      await until(() => heard.length > 1);
      expect(heard[1]).toEqual({ storyIds: [], slugs: ['after'], lists: false });
    },
  );

  it('hears a content import name the stories it created or changed, and nothing for an unchanged one', async () => {
    const { heard } = await listen();
    const records = (headline: string) =>
      [...fixtureTaxonomy, fixtureArticle('first'), fixtureArticle('second', { headline })].map(
        (value, index) => ({ source: 'test.ndjson', record: index + 1, line: index + 1, value }),
      );
    await importContentInto(database.db, memorySource(records('One')));
    await until(() => heard.length > 0);
    expect(heard).toHaveLength(1);
    expect([...heard[0]!.slugs].sort()).toEqual(['first', 'second']);
    expect(heard[0]!.storyIds).toHaveLength(2);
    expect(heard[0]!.lists).toBe(true);

    await importContentInto(database.db, memorySource(records('One')));
    await settle();
    expect(heard).toHaveLength(1);

    await importContentInto(database.db, memorySource(records('Two')));
    await until(() => heard.length > 1);
    expect(heard[1]!.slugs).toEqual(['second']);
    expect(heard[1]!.lists).toBe(true);
  });
});
