import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { articles, meterReads } from '@bof/db/schema';
import type { MeteredRead } from '@bof/paywall/meter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The only place that builds meter queries: a signed-in reader's counted reads, kept on the server. */
export function createMeterRepo(db: Database) {
  return {
    async record(userId: string, articleId: string, at: Date): Promise<void> {
      await db
        .insert(meterReads)
        .values({ userId, articleId, readAt: at })
        .onConflictDoUpdate({
          target: [meterReads.userId, meterReads.articleId],
          set: { readAt: sql`greatest(${meterReads.readAt}, excluded.read_at)` },
        });
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
        if (existing.has(r.articleId)) latest.set(r.articleId, Math.max(latest.get(r.articleId) ?? 0, r.at));
      const rows = [...latest].map(([articleId, at]) => ({ userId, articleId, readAt: new Date(at * 1000) }));
      if (rows.length === 0) return;
      await db
        .insert(meterReads)
        .values(rows)
        .onConflictDoUpdate({
          target: [meterReads.userId, meterReads.articleId],
          set: { readAt: sql`greatest(${meterReads.readAt}, excluded.read_at)` },
        });
    },
    /** Reads since `since`, newest first, at most `limit`. */
    async readsSince(userId: string, since: Date, limit = 50): Promise<MeteredRead[]> {
      const rows = await db
        .select({ articleId: meterReads.articleId, readAt: meterReads.readAt })
        .from(meterReads)
        .where(and(eq(meterReads.userId, userId), gte(meterReads.readAt, since)))
        .orderBy(desc(meterReads.readAt))
        .limit(limit);
      return rows.map((r) => ({ articleId: r.articleId, at: Math.floor(r.readAt.getTime() / 1000) }));
    },
  };
}

export type MeterRepo = ReturnType<typeof createMeterRepo>;
