import { desc } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { analyticsBadRows, analyticsEvents } from '@bof/db/schema';
import type { CollectedBatch } from './analytics-collector.types';
import { rawJsonText, storableText } from './storable-text';

const eventRow = (event: CollectedBatch['good'][number], collectedAt: Date) => ({
  eventId: event.eventId,
  eventType: event.eventType,
  schema: event.schema,
  appId: event.appId,
  userId: event.userId,
  domainUserId: event.domainUserId,
  sessionId: event.sessionId,
  pageUrl: event.pageUrl,
  deviceCreatedAt: event.deviceCreatedAt,
  collectedAt,
  payload: event.payload,
});

const badRow = (row: CollectedBatch['bad'][number], input: { collectedAt: Date; newId: () => string }) => ({
  id: input.newId(),
  reasonCode: storableText(row.code),
  reason: row.problems.map((problem) => ({
    path: storableText(problem.path),
    message: storableText(problem.message),
  })),
  schema: row.schema === null ? null : storableText(row.schema),
  payload: rawJsonText(row.payload),
  collectedAt: input.collectedAt,
});

/** The only place that builds the collector's queries. */
export function createAnalyticsCollectorRepo(db: Database) {
  return {
    /**
     * Writes a batch's good events and bad rows in one transaction: all or nothing. An event id already
     * stored (a tracker resending after a timeout) is skipped. A bad row keeps its payload as JSON text
     * and its descriptions made storable, so a bad row itself is never refused. Returns how many events
     * were new.
     */
    async insertBatch(
      batch: CollectedBatch,
      input: { collectedAt: Date; newId: () => string },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        let stored = 0;
        if (batch.good.length > 0) {
          const rows = await tx
            .insert(analyticsEvents)
            .values(batch.good.map((event) => eventRow(event, input.collectedAt)))
            .onConflictDoNothing({ target: analyticsEvents.eventId })
            .returning({ eventId: analyticsEvents.eventId });
          stored = rows.length;
        }
        if (batch.bad.length > 0) {
          await tx.insert(analyticsBadRows).values(batch.bad.map((row) => badRow(row, input)));
        }
        return stored;
      });
    },

    /**
     * Writes several requests' batches in one transaction (group commit): one insert for all their good
     * events and one for all their bad rows. Returns how many of each batch's events were new (an id sent
     * twice, in two batches of the group or stored before, counts once, for the first batch naming it).
     * All or nothing: when the database refuses any row, nothing is written.
     */
    async insertBatches(
      batches: readonly CollectedBatch[],
      input: { collectedAt: Date; newId: () => string },
    ): Promise<number[]> {
      const good = batches.flatMap((batch) => batch.good);
      const bad = batches.flatMap((batch) => batch.bad);
      const stored = await db.transaction(async (tx) => {
        const rows =
          good.length > 0
            ? await tx
                .insert(analyticsEvents)
                .values(good.map((event) => eventRow(event, input.collectedAt)))
                .onConflictDoNothing({ target: analyticsEvents.eventId })
                .returning({ eventId: analyticsEvents.eventId })
            : [];
        if (bad.length > 0) await tx.insert(analyticsBadRows).values(bad.map((row) => badRow(row, input)));
        return new Set(rows.map((row) => row.eventId));
      });
      return batches.map((batch) => {
        let count = 0;
        for (const event of batch.good) if (stored.delete(event.eventId)) count += 1;
        return count;
      });
    },

    /** The latest stored events, newest first (for tests and operators). */
    recentEvents(limit: number) {
      return db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.collectedAt)).limit(limit);
    },

    /** The latest bad rows, newest first. */
    recentBadRows(limit: number) {
      return db.select().from(analyticsBadRows).orderBy(desc(analyticsBadRows.collectedAt)).limit(limit);
    },
  };
}

export type AnalyticsCollectorRepo = ReturnType<typeof createAnalyticsCollectorRepo>;
