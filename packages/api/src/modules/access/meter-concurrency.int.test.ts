import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lt } from 'drizzle-orm';
import { getTestEnv } from '@bof/config/test';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts, anonymousMeterReads, articles, meterReads } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { createAccessRepo, type MeterTurn } from './access.repo';

// The meters' writers side by side: meter groups on overlapping keys, pruning, and a reader's reads kept
// at sign-in. On PostgreSQL (TEST_DATABASE_URL) the test database's pool runs them on several connections
// at once, so a lock taken in the wrong order would show as a deadlock error here; on PGlite they run one
// after another and the same outcomes must hold.
let database: DatabaseHandle;
let ids: string[];
const since = new Date('2026-11-01T00:00:00Z');
const beforeWindow = new Date('2026-09-01T00:00:00Z');
const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
const ALLOWANCE = 3;

/** The same pseudo-random sequence every run (a linear congruential generator). */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** A read of `articleId` that counts while the key has fewer than ALLOWANCE other reads in the window. */
const turn = (key: string, articleId: string, when: Date): MeterTurn<boolean> => ({
  key,
  since,
  work: (reads) => {
    const counts = reads.length < ALLOWANCE && !reads.some((read) => read.articleId === articleId);
    return { value: counts, record: counts ? { articleId, at: when } : null };
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  const records = [...fixtureTaxonomy, ...[1, 2, 3, 4, 5, 6].map((n) => fixtureArticle(`concurrent-${n}`))];
  await importContentInto(
    database.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  ids = (await database.db.select({ id: articles.id }).from(articles)).map((row) => row.id).sort();
  await database.db.insert(accounts).values(
    [0, 1, 2, 3].map((n) => ({
      userId: `reader-${n}`,
      email: `reader-${n}@example.org`,
      firstSessionId: 's',
    })),
  );
});
afterAll(async () => {
  await database?.close();
});

describe('the meters’ writers side by side', () => {
  it('groups on overlapping browsers beside pruning: all finish, and each browser keeps its allowance', async () => {
    const repo = createAccessRepo(database.db);
    const browsers = [0, 1, 2, 3, 4, 5].map((n) => `browser-${n}`);
    // Every browser read every story before the window: pruning deletes those rows while the groups read
    // some of the stories again, which moves the same rows later.
    await database.db
      .insert(anonymousMeterReads)
      .values(
        browsers.flatMap((browserId) =>
          ids.map((articleId) => ({ browserId, articleId, readAt: beforeWindow })),
        ),
      );
    const pick = sequence(26);
    const groups = Array.from({ length: 30 }, (_, g) =>
      Array.from({ length: 5 }, (_, t) =>
        turn(browsers[pick(browsers.length)]!, ids[pick(ids.length)]!, at(g * 5 + t)),
      ),
    );
    const prunes = [0, 1, 2].map(() => repo.anonymousMeter.prune(since, 4));
    const outcomes = await Promise.all(groups.map((group) => repo.anonymousMeter.together(group)));
    await Promise.all(prunes);

    const counted = new Map<string, number>();
    groups.flat().forEach((read, i) => {
      if (outcomes.flat()[i]!.value) counted.set(read.key, (counted.get(read.key) ?? 0) + 1);
    });
    const inWindow = await database.db
      .select()
      .from(anonymousMeterReads)
      .where(gte(anonymousMeterReads.readAt, since));
    for (const browserId of browsers) {
      const stored = inWindow.filter((row) => row.browserId === browserId).length;
      expect(stored, browserId).toBeLessThanOrEqual(ALLOWANCE);
      expect(stored, browserId).toBe(counted.get(browserId) ?? 0);
    }
    // What pruning skipped while a group held it goes at the next run.
    await repo.anonymousMeter.prune(since);
    expect(
      await database.db.select().from(anonymousMeterReads).where(lt(anonymousMeterReads.readAt, since)),
    ).toEqual([]);
  });

  // Only PostgreSQL runs a second transaction while one is open (PGlite has one connection).
  it.skipIf(!getTestEnv().testDatabaseUrl)(
    'pruning passes over a row a meter group holds, instead of waiting for it',
    async () => {
      const repo = createAccessRepo(database.db);
      const [held, other] = ids as [string, string];
      await database.db.insert(anonymousMeterReads).values([
        { browserId: 'browser-held', articleId: held, readAt: beforeWindow },
        { browserId: 'browser-held', articleId: other, readAt: beforeWindow },
      ]);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const holds = new Promise<void>((resolve) => (holding = resolve));
      // A group reading `held` again: it moves that read later, and holds the row until it commits.
      const group = database.db.transaction(async (tx) => {
        await tx
          .update(anonymousMeterReads)
          .set({ readAt: at(1) })
          .where(
            and(eq(anonymousMeterReads.browserId, 'browser-held'), eq(anonymousMeterReads.articleId, held)),
          );
        holding();
        await released;
      });
      await holds;
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000).unref());
      const pruned = await Promise.race([repo.anonymousMeter.prune(since), waited]);
      release();
      await group;
      expect(pruned).toBe(1);
      const left = await database.db
        .select({ articleId: anonymousMeterReads.articleId, readAt: anonymousMeterReads.readAt })
        .from(anonymousMeterReads)
        .where(eq(anonymousMeterReads.browserId, 'browser-held'));
      expect(left).toEqual([{ articleId: held, readAt: at(1) }]);
    },
  );

  it('groups on readers beside their reads kept at sign-in: all finish, and every read is kept', async () => {
    const repo = createAccessRepo(database.db);
    const readers = [0, 1, 2, 3].map((n) => `reader-${n}`);
    const pick = sequence(27);
    const groups = Array.from({ length: 20 }, (_, g) =>
      Array.from({ length: 4 }, (_, t) =>
        turn(readers[pick(readers.length)]!, ids[pick(ids.length)]!, at(g * 4 + t)),
      ),
    );
    // A reader signing in brings their cookie's reads, in no particular order.
    const kept = readers.map((_, n) =>
      [...ids]
        .reverse()
        .map((articleId, i) => ({ articleId, at: Math.floor(at(200 + n * 10 + i).getTime() / 1000) })),
    );
    await Promise.all([
      ...groups.map((group) => repo.meter.together(group)),
      ...readers.map((userId, n) => repo.meter.keep(userId, kept[n]!)),
    ]);
    const stored = await database.db.select().from(meterReads).where(gte(meterReads.readAt, since));
    for (const [n, userId] of readers.entries()) {
      // Every story, each at its latest time: the kept reads are later than any group's.
      const latest = stored
        .filter((row) => row.userId === userId)
        .map((row) => [row.articleId, Math.floor(row.readAt.getTime() / 1000)])
        .sort();
      expect(latest, userId).toEqual(kept[n]!.map((read) => [read.articleId, read.at]).sort());
    }
  });
});
