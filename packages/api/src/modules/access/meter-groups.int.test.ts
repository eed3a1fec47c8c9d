import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts, anonymousMeterReads, articles, meterReads } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { MeteredRead } from '@bof/paywall/meter';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { createAccessRepo, type MeterTurn } from './access.repo';
import { groupedUnderLock } from './meter-groups';

// The meters' group commit against a real database: one transaction gives each turn what it would have
// been given one after the other, and a group that fails leaves nothing behind.
let database: DatabaseHandle;
let ids: string[];
const since = new Date('2026-11-01T00:00:00Z');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  const records = [
    ...fixtureTaxonomy,
    ...['one', 'two', 'three'].map((slug) => fixtureArticle(`group-${slug}`)),
  ];
  await importContentInto(
    database.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  ids = (await database.db.select({ id: articles.id }).from(articles)).map((row) => row.id).sort();
  await database.db.insert(accounts).values(
    ['reader-1', 'reader-2'].map((userId) => ({
      userId,
      email: `${userId}@example.org`,
      firstSessionId: 's',
    })),
  );
});
afterAll(async () => {
  await database?.close();
});

/** A turn that records a read of `articleId` at `when` while fewer than `allowance` reads are seen. */
const turn = (key: string, articleId: string, when: Date, allowance = 2): MeterTurn<MeteredRead[]> => ({
  key,
  since,
  work: (reads) => ({ value: reads, record: reads.length < allowance ? { articleId, at: when } : null }),
});

describe('meter turns in one transaction', () => {
  it('lets a key’s later turns see its earlier ones, and keeps keys apart', async () => {
    const repo = createAccessRepo(database.db);
    const [one, two, three] = ids as [string, string, string];
    const outcomes = await repo.anonymousMeter.together([
      turn('browser-a', one, at(1)),
      turn('browser-b', one, at(2)),
      turn('browser-a', two, at(3)),
      turn('browser-a', three, at(4)),
      turn('browser-a', one, at(5)),
    ]);
    expect(outcomes.map((outcome) => outcome.reads)).toEqual([
      [],
      [],
      [{ articleId: one, at: seconds(at(1)) }],
      [
        { articleId: two, at: seconds(at(3)) },
        { articleId: one, at: seconds(at(1)) },
      ],
      [
        { articleId: two, at: seconds(at(3)) },
        { articleId: one, at: seconds(at(1)) },
      ],
    ]);
    const stored = await database.db.select().from(anonymousMeterReads);
    expect(stored.map((row) => [row.browserId, row.articleId, row.readAt.toISOString()]).sort()).toEqual(
      [
        ['browser-a', one, at(1).toISOString()],
        ['browser-a', two, at(3).toISOString()],
        ['browser-b', one, at(2).toISOString()],
      ].sort(),
    );
    // A later group reads what the earlier one stored, as `underLock` does.
    const alone = await repo.anonymousMeter.underLock('browser-a', since, (reads) => ({
      value: reads,
      record: null,
    }));
    const [again] = await repo.anonymousMeter.together([turn('browser-a', three, at(6))]);
    expect(again!.reads).toEqual(alone.reads);
  });

  it('records a read again at its latest time, and leaves reads before the window out', async () => {
    const repo = createAccessRepo(database.db);
    const [one, two] = ids as [string, string];
    await repo.meter.together([turn('reader-1', one, at(10)), turn('reader-1', two, new Date('2026-10-01'))]);
    const [outcome] = await repo.meter.together([turn('reader-1', one, at(20), 5)]);
    expect(outcome!.reads).toEqual([{ articleId: one, at: seconds(at(10)) }]);
    expect(await repo.meter.readsSince('reader-1', since)).toEqual([{ articleId: one, at: seconds(at(20)) }]);
  });

  it('fails a group whole, and the grouped meter then runs each turn alone', async () => {
    const repo = createAccessRepo(database.db);
    const [one] = ids as [string];
    // No account `ghost`: its read breaks the whole transaction, so reader-2's read is not kept either.
    await expect(
      repo.meter.together([turn('reader-2', one, at(30)), turn('ghost', one, at(30))]),
    ).rejects.toThrow();
    expect(await repo.meter.readsSince('reader-2', since)).toEqual([]);
    const warnings: string[] = [];
    const underLock = groupedUnderLock(repo.meter.together, repo.meter.underLock, (message) =>
      warnings.push(message),
    );
    const count = (key: string) =>
      underLock(key, since, (reads) => ({ value: reads.length, record: { articleId: one, at: at(31) } }));
    const outcomes = await Promise.allSettled([count('reader-2'), count('ghost')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(warnings).toEqual(['A group of 2 meter reads failed; each is tried alone']);
    expect(await repo.meter.readsSince('reader-2', since)).toEqual([{ articleId: one, at: seconds(at(31)) }]);
    expect((await database.db.select().from(meterReads)).some((row) => row.userId === 'ghost')).toBe(false);
  });
});
