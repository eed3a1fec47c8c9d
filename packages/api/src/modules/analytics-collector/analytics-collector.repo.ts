import { desc, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { analyticsBadRows, analyticsEvents } from '@bof/db/schema';
import type { CollectedBatch } from './analytics-collector.types';
import { rawJsonText, storableText } from './storable-text';

type Executor = Pick<Database, 'execute'>;

/**
 * Inserts good events, skipping ids already stored (or named earlier in the same list), and returns the
 * ids it stored. The events travel as one JSON parameter read by `jsonb_to_recordset`: a few hundred
 * rows' worth of parameters built one by one cost more CPU than the insert itself (issue 26).
 */
async function insertEvents(
  db: Executor,
  events: CollectedBatch['good'],
  collectedAt: Date,
): Promise<string[]> {
  const rows = JSON.stringify(
    events.map((event) => ({
      event_id: event.eventId,
      event_type: event.eventType,
      schema: event.schema,
      app_id: event.appId,
      user_id: event.userId,
      domain_user_id: event.domainUserId,
      session_id: event.sessionId,
      page_url: event.pageUrl,
      device_created_at: event.deviceCreatedAt,
      payload: event.payload,
    })),
  );
  const result = await db.execute<{ event_id: string }>(sql`
    insert into ${analyticsEvents} (event_id, event_type, schema, app_id, user_id, domain_user_id,
      session_id, page_url, device_created_at, collected_at, payload)
    select e.event_id, e.event_type, e.schema, e.app_id, e.user_id, e.domain_user_id, e.session_id,
      e.page_url, e.device_created_at, ${collectedAt}, e.payload
    from jsonb_to_recordset(${rows}::jsonb) as e(event_id uuid, event_type text, schema text,
      app_id text, user_id text, domain_user_id text, session_id text, page_url text,
      device_created_at timestamptz, payload jsonb)
    on conflict (event_id) do nothing
    returning event_id`);
  return (result as unknown as { rows: { event_id: string }[] }).rows.map((row) => row.event_id);
}

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
          stored = (await insertEvents(tx, batch.good, input.collectedAt)).length;
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
        const ids = good.length > 0 ? await insertEvents(tx, good, input.collectedAt) : [];
        if (bad.length > 0) await tx.insert(analyticsBadRows).values(bad.map((row) => badRow(row, input)));
        return new Set(ids);
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
