import { desc } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { analyticsBadRows, analyticsEvents } from '@bof/db/schema';
import type { CollectedBatch } from './analytics-collector.types';
import { rawJsonText, storableText } from './storable-text';

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
            .values(
              batch.good.map((event) => ({
                eventId: event.eventId,
                eventType: event.eventType,
                schema: event.schema,
                appId: event.appId,
                userId: event.userId,
                domainUserId: event.domainUserId,
                sessionId: event.sessionId,
                pageUrl: event.pageUrl,
                deviceCreatedAt: event.deviceCreatedAt,
                collectedAt: input.collectedAt,
                payload: event.payload,
              })),
            )
            .onConflictDoNothing({ target: analyticsEvents.eventId })
            .returning({ eventId: analyticsEvents.eventId });
          stored = rows.length;
        }
        if (batch.bad.length > 0) {
          await tx.insert(analyticsBadRows).values(
            batch.bad.map((row) => ({
              id: input.newId(),
              reasonCode: storableText(row.code),
              reason: row.problems.map((problem) => ({
                path: storableText(problem.path),
                message: storableText(problem.message),
              })),
              schema: row.schema === null ? null : storableText(row.schema),
              payload: rawJsonText(row.payload),
              collectedAt: input.collectedAt,
            })),
          );
        }
        return stored;
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
