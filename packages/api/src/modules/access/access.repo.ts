import { and, count, desc, eq, gte, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  anonymousMeterReads,
  articles,
  contentSections,
  meterReads,
  storyGiftReaders,
  storyGifts,
} from '@bof/db/schema';
import type { MeteredRead } from '@bof/paywall/meter';
import type { AccessLevel } from '@bof/paywall/types';
import type { StoryKind } from '../content/content.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A story as access needs it: its id, address parts and access level. */
export interface StoryRow {
  id: string;
  slug: string;
  kind: StoryKind;
  sectionSlug: string;
  access: AccessLevel;
}

/** A gift as its giver sees it, before its link is signed. */
export interface GiftRow {
  id: string;
  articleId: string;
  headline: string;
  slug: string;
  kind: StoryKind;
  sectionSlug: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  readers: number;
  maxReaders: number;
}

/** A gift as a request opening its link sees it, inside the gift's lock. */
export interface GiftOpeningState {
  gift: { articleId: string; revokedAt: Date | null; expiresAt: Date; maxReaders: number };
  readers: number;
  readerHoldsPlace: boolean;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queries = Database | Tx;

const upsertReads = (db: Queries, rows: { userId: string; articleId: string; readAt: Date }[]) =>
  db
    .insert(meterReads)
    .values(rows)
    .onConflictDoUpdate({
      target: [meterReads.userId, meterReads.articleId],
      set: { readAt: sql`greatest(${meterReads.readAt}, excluded.read_at)` },
    });

async function readsSince(db: Queries, userId: string, since: Date, limit: number): Promise<MeteredRead[]> {
  const rows = await db
    .select({ articleId: meterReads.articleId, readAt: meterReads.readAt })
    .from(meterReads)
    .where(and(eq(meterReads.userId, userId), gte(meterReads.readAt, since)))
    .orderBy(desc(meterReads.readAt))
    .limit(limit);
  return rows.map((r) => ({ articleId: r.articleId, at: Math.floor(r.readAt.getTime() / 1000) }));
}

/** One request's turn under a meter's lock: its key, window start and decision (see `underLock`). */
export interface MeterTurn<T> {
  key: string;
  since: Date;
  work: (reads: MeteredRead[]) => { value: T; record: { articleId: string; at: Date } | null };
}

/** A server-side meter's table: its name, the column of its key, and its lock's prefix. */
interface MeterTable {
  table: SQLWrapper;
  key: SQLWrapper;
  lockPrefix: string;
}

const METER_TABLES = {
  reader: { table: sql.identifier('meter_reads'), key: sql.identifier('user_id'), lockPrefix: 'meter:' },
  browser: {
    table: sql.identifier('anonymous_meter_reads'),
    key: sql.identifier('browser_id'),
    lockPrefix: 'anonymous-meter:',
  },
} satisfies Record<string, MeterTable>;

/** The reads a meter keeps per key and window, as `underLock` reads them. */
const READS_PER_KEY = 50;

/**
 * Many requests' turns under their meters' locks in one transaction and a handful of statements,
 * whatever their number: every key's lock (the same lock `underLock` takes, in one order so that two
 * processes' groups cannot deadlock), every key's reads at once, each turn's decision in order (a key's
 * later turn sees its earlier turns' reads), then every read to record at once. Each turn gets what
 * `underLock` would have given it, had the turns run one after the other.
 */
async function underLockTogether<T>(
  tx: Queries,
  meter: MeterTable,
  turns: readonly MeterTurn<T>[],
): Promise<{ value: T; reads: MeteredRead[] }[]> {
  const keys = JSON.stringify([...new Set(turns.map((turn) => turn.key))]);
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(h)) from (
      select distinct hashtext(${meter.lockPrefix} || k) as h from jsonb_array_elements_text(${keys}::jsonb) as k
      order by h
    ) as locks`);
  const since = new Date(Math.min(...turns.map((turn) => turn.since.getTime())));
  const found = await tx.execute<{ key: string; article_id: string; at: number }>(sql`
    select key, article_id, at from (
      select ${meter.key} as key, article_id, floor(extract(epoch from read_at))::bigint as at,
        row_number() over (partition by ${meter.key} order by read_at desc) as n
      from ${meter.table}
      where ${meter.key} in (select jsonb_array_elements_text(${keys}::jsonb)) and read_at >= ${since}
    ) as reads
    where n <= ${READS_PER_KEY}
    order by key, at desc`);
  const readsOf = new Map<string, MeteredRead[]>();
  for (const row of (found as unknown as { rows: { key: string; article_id: string; at: number }[] }).rows) {
    const reads = readsOf.get(row.key) ?? [];
    reads.push({ articleId: row.article_id, at: Number(row.at) });
    readsOf.set(row.key, reads);
  }
  const recorded = new Map<string, { k: string; a: string; t: string }>();
  const results = turns.map((turn) => {
    const floor = Math.floor(turn.since.getTime() / 1000);
    const reads = (readsOf.get(turn.key) ?? []).filter((read) => read.at >= floor).slice(0, READS_PER_KEY);
    const { value, record } = turn.work(reads);
    if (record) {
      const at = Math.floor(record.at.getTime() / 1000);
      const others = (readsOf.get(turn.key) ?? []).filter((read) => read.articleId !== record.articleId);
      const previous = readsOf.get(turn.key)?.find((read) => read.articleId === record.articleId);
      const kept = { articleId: record.articleId, at: Math.max(at, previous?.at ?? at) };
      readsOf.set(
        turn.key,
        [...others, kept].sort((a, b) => b.at - a.at),
      );
      const id = `${turn.key}\n${record.articleId}`;
      const earlier = recorded.get(id);
      if (!earlier || Date.parse(earlier.t) < record.at.getTime())
        recorded.set(id, { k: turn.key, a: record.articleId, t: record.at.toISOString() });
    }
    return { value, reads };
  });
  // Rows in key order, as every other writer of these tables writes them, so that no two transactions
  // can wait for each other's rows.
  const inKeyOrder = (rows: { k: string; a: string; t: string }[]) =>
    rows.sort((x, y) => (x.k === y.k ? (x.a < y.a ? -1 : 1) : x.k < y.k ? -1 : 1));
  if (recorded.size > 0)
    await tx.execute(sql`
      insert into ${meter.table} (${meter.key}, article_id, read_at)
      select r.k, r.a, r.t from jsonb_to_recordset(${JSON.stringify(inKeyOrder([...recorded.values()]))}::jsonb)
        as r(k text, a uuid, t timestamptz)
      on conflict (${meter.key}, article_id)
        do update set read_at = greatest(${meter.table}.read_at, excluded.read_at)`);
  return results;
}

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The only place that builds the access module's queries: stories' access levels, the meter, gifts. */
export function createAccessRepo(db: Database) {
  const storyColumns = {
    id: articles.id,
    slug: articles.slug,
    kind: articles.kind,
    sectionSlug: contentSections.slug,
    access: articles.access,
  };

  async function giftRows(where: SQL | undefined, limit = 100): Promise<GiftRow[]> {
    const rows = await db
      .select({
        id: storyGifts.id,
        articleId: storyGifts.articleId,
        createdAt: storyGifts.createdAt,
        expiresAt: storyGifts.expiresAt,
        revokedAt: storyGifts.revokedAt,
        maxReaders: storyGifts.maxReaders,
        headline: articles.headline,
        slug: articles.slug,
        kind: articles.kind,
        sectionSlug: contentSections.slug,
        readers: sql<number>`(select count(*)::int from story_gift_readers r where r.gift_id = ${storyGifts.id})`,
      })
      .from(storyGifts)
      .innerJoin(articles, eq(articles.id, storyGifts.articleId))
      .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
      .where(where)
      .orderBy(desc(storyGifts.createdAt))
      .limit(limit);
    return rows.map((row) => ({ ...row, kind: row.kind as StoryKind, readers: Number(row.readers) }));
  }

  return {
    stories: {
      /** Every story's slug, id and access level (the in-memory access index). */
      async all(): Promise<{ id: string; slug: string; access: AccessLevel }[]> {
        const rows = await db
          .select({ id: articles.id, slug: articles.slug, access: articles.access })
          .from(articles);
        return rows.map((row) => ({ ...row, access: row.access as AccessLevel }));
      },
      async byId(id: string): Promise<StoryRow | undefined> {
        if (!UUID.test(id)) return undefined;
        const [row] = await db
          .select(storyColumns)
          .from(articles)
          .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
          .where(eq(articles.id, id));
        return row ? { ...row, kind: row.kind as StoryKind, access: row.access as AccessLevel } : undefined;
      },
    },

    /** A signed-in reader's counted reads, kept on the server so the meter follows them. */
    meter: {
      async record(userId: string, articleId: string, at: Date): Promise<void> {
        await upsertReads(db, [{ userId, articleId, readAt: at }]);
      },
      /** Keeps reads a browser brought (its cookie), for stories that still exist; the latest time wins. */
      async keep(userId: string, reads: readonly MeteredRead[]): Promise<void> {
        const ids = [...new Set(reads.map((r) => r.articleId).filter((id) => UUID.test(id)))];
        if (ids.length === 0) return;
        const existing = new Set(
          (await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, ids))).map(
            (r) => r.id,
          ),
        );
        const latest = new Map<string, number>();
        for (const r of reads)
          if (existing.has(r.articleId))
            latest.set(r.articleId, Math.max(latest.get(r.articleId) ?? 0, r.at));
        // In article order, as the meter's group commit writes a reader's rows (no two transactions can
        // then wait for each other's rows).
        const rows = [...latest]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([articleId, at]) => ({ userId, articleId, readAt: new Date(at * 1000) }));
        if (rows.length > 0) await upsertReads(db, rows);
      },
      /** Reads since `since`, newest first, at most `limit`. */
      readsSince: (userId: string, since: Date, limit = 50) => readsSince(db, userId, since, limit),
      /**
       * Runs `work` holding the reader's meter lock, with their reads since `since`; `work` returns whether
       * to record a read of `articleId` at `at`. Two requests of one reader are decided one after the other.
       */
      async underLock<T>(
        userId: string,
        since: Date,
        work: (reads: MeteredRead[]) => { value: T; record: { articleId: string; at: Date } | null },
      ): Promise<{ value: T; reads: MeteredRead[] }> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meter:${userId}`}))`);
          const reads = await readsSince(tx, userId, since, 50);
          const { value, record } = work(reads);
          if (record) await upsertReads(tx, [{ userId, articleId: record.articleId, readAt: record.at }]);
          return { value, reads };
        });
      },
      /** Many readers' turns under their locks in one transaction (`underLockTogether`). */
      together: <T>(turns: readonly MeterTurn<T>[]) =>
        db.transaction((tx) => underLockTogether(tx, METER_TABLES.reader, turns)),
    },

    /**
     * An anonymous browser's counted reads, by the browser id of its meter cookie, so that a replayed or
     * older copy of the cookie counts against the same browser.
     */
    anonymousMeter: {
      /**
       * Runs `work` holding the browser's meter lock, with its reads since `since`; `work` returns whether
       * to record a read. Two requests with one browser id are decided one after the other.
       */
      async underLock<T>(
        browserId: string,
        since: Date,
        work: (reads: MeteredRead[]) => { value: T; record: { articleId: string; at: Date } | null },
      ): Promise<{ value: T; reads: MeteredRead[] }> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`anonymous-meter:${browserId}`}))`);
          const rows = await tx
            .select({ articleId: anonymousMeterReads.articleId, readAt: anonymousMeterReads.readAt })
            .from(anonymousMeterReads)
            .where(and(eq(anonymousMeterReads.browserId, browserId), gte(anonymousMeterReads.readAt, since)))
            .orderBy(desc(anonymousMeterReads.readAt))
            .limit(50);
          const reads = rows.map((r) => ({
            articleId: r.articleId,
            at: Math.floor(r.readAt.getTime() / 1000),
          }));
          const { value, record } = work(reads);
          if (record)
            await tx
              .insert(anonymousMeterReads)
              .values({ browserId, articleId: record.articleId, readAt: record.at })
              .onConflictDoUpdate({
                target: [anonymousMeterReads.browserId, anonymousMeterReads.articleId],
                set: { readAt: sql`greatest(${anonymousMeterReads.readAt}, excluded.read_at)` },
              });
          return { value, reads };
        });
      },
      /** Many browsers' turns under their locks in one transaction (`underLockTogether`). */
      together: <T>(turns: readonly MeterTurn<T>[]) =>
        db.transaction((tx) => underLockTogether(tx, METER_TABLES.browser, turns)),
      /**
       * Deletes reads at or before `before` (outside every window), in batches of `batch` rows so that no
       * statement holds the table long; returns how many. Rows another transaction holds (a meter group
       * reading such a story again, which moves its read later) are skipped, not waited for: pruning then
       * never waits on a row, so it cannot deadlock with a group writing rows in its own order. What it
       * skips goes at the next run.
       */
      async prune(before: Date, batch = 5000): Promise<number> {
        let total = 0;
        for (;;) {
          const result = await db.execute<{ n: number | string }>(sql`
            with gone as (
              delete from ${anonymousMeterReads}
              where (browser_id, article_id) in (
                select browser_id, article_id from ${anonymousMeterReads} where read_at <= ${before} limit ${batch}
                for update skip locked
              )
              -- Checked again on the row deleted: a read moved later meanwhile (read again) is kept.
              and read_at <= ${before}
              returning 1
            )
            select count(*) as n from gone`);
          const n = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
          total += n;
          if (n < batch) return total;
        }
      },
    },

    gifts: {
      /** Gifts the giver created since the start of `now`'s calendar month (UTC). */
      async countThisMonth(giverUserId: string, now: Date): Promise<number> {
        const [row] = await db
          .select({ n: count() })
          .from(storyGifts)
          .where(and(eq(storyGifts.giverUserId, giverUserId), gte(storyGifts.createdAt, startOfMonth(now))));
        return row?.n ?? 0;
      },
      /**
       * Runs `work` under the giver's lock with the gifts they created this calendar month, and creates the
       * gift when `work` says so, so two quick gifts cannot both take the last one of the month.
       */
      async createUnderLock<T>(
        giverUserId: string,
        articleId: string,
        now: Date,
        work: (giftedThisMonth: number) => {
          value: T;
          create: { expiresAt: Date; maxReaders: number } | null;
        },
      ): Promise<{ value: T; id: string | null }> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`story-gifts:${giverUserId}`}))`);
          const [used] = await tx
            .select({ n: count() })
            .from(storyGifts)
            .where(
              and(eq(storyGifts.giverUserId, giverUserId), gte(storyGifts.createdAt, startOfMonth(now))),
            );
          const { value, create } = work(used?.n ?? 0);
          if (!create) return { value, id: null };
          const [row] = await tx
            .insert(storyGifts)
            .values({ giverUserId, articleId, createdAt: now, ...create })
            .returning({ id: storyGifts.id });
          return { value, id: row!.id };
        });
      },
      byId: async (id: string) => (await giftRows(eq(storyGifts.id, id), 1))[0],
      ofGiver: (giverUserId: string) => giftRows(eq(storyGifts.giverUserId, giverUserId)),
      /** Revokes one of the giver's gifts (the first revocation time stays); false when it is not theirs. */
      async revoke(giverUserId: string, giftId: string, now: Date): Promise<boolean> {
        if (!UUID.test(giftId)) return false;
        const rows = await db
          .update(storyGifts)
          .set({ revokedAt: sql`coalesce(${storyGifts.revokedAt}, ${now})` })
          .where(and(eq(storyGifts.id, giftId), eq(storyGifts.giverUserId, giverUserId)))
          .returning({ id: storyGifts.id });
        return rows.length > 0;
      },
      /**
       * Runs `work` under the gift's lock with what opening it needs to know; when `work` says so, the
       * reader takes a place. Undefined when there is no such gift.
       */
      async openUnderLock<T>(
        giftId: string,
        readerKey: string | null,
        now: Date,
        work: (state: GiftOpeningState) => { value: T; claim: boolean },
      ): Promise<T | undefined> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`story-gift:${giftId}`}))`);
          const [gift] = await tx.select().from(storyGifts).where(eq(storyGifts.id, giftId));
          if (!gift) return undefined;
          const [held] = readerKey
            ? await tx
                .select({ key: storyGiftReaders.readerKey })
                .from(storyGiftReaders)
                .where(and(eq(storyGiftReaders.giftId, giftId), eq(storyGiftReaders.readerKey, readerKey)))
            : [];
          const [readers] = await tx
            .select({ n: count() })
            .from(storyGiftReaders)
            .where(eq(storyGiftReaders.giftId, giftId));
          const { value, claim } = work({
            gift,
            readers: readers?.n ?? 0,
            readerHoldsPlace: held !== undefined,
          });
          if (claim && readerKey)
            await tx.insert(storyGiftReaders).values({ giftId, readerKey, firstOpenedAt: now });
          return value;
        });
      },
    },
  };
}

export type AccessRepo = ReturnType<typeof createAccessRepo>;
