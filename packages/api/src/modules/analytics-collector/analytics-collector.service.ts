import type { AnalyticsCollectorRepo } from './analytics-collector.repo';
import type {
  CollectedBatch,
  CollectedEventRecord,
  RecordedBatch,
  RejectedEventRecord,
} from './analytics-collector.types';
import { coalesceFlushes } from './coalesce-flushes';

export interface AnalyticsCollectorDeps {
  repo: Pick<AnalyticsCollectorRepo, 'insertBatch'>;
  /** Makes the committed rows durable (PGlite writes its folder); resolves once they are. */
  flush: () => Promise<void>;
  newId: () => string;
  now: () => Date;
  /** Where a refused batch is reported before its events are tried one by one. */
  warn?: (message: string, error: unknown) => void;
}

/** The bad-row reason of an event that passed every check yet the database would not take. */
export const UNSTORABLE_EVENT = 'unstorable_event';

const unstorable = (event: CollectedEventRecord, error: unknown): RejectedEventRecord => ({
  code: UNSTORABLE_EVENT,
  schema: event.schema,
  problems: [
    {
      path: '/',
      message: `the database refused the event: ${error instanceof Error ? error.message : String(error)}`,
    },
  ],
  payload: event.payload,
});

/** The collector's use case: store what the edge classified, durably, before it is acknowledged. */
export function createAnalyticsCollectorService(deps: AnalyticsCollectorDeps) {
  // Requests committed while a flush runs share the next one: one flush per group of requests, and
  // never a flush that began before a request's commit.
  const flush = coalesceFlushes(deps.flush);
  const warn = deps.warn ?? ((message, error) => console.warn(message, error));

  /**
   * Each good event of a refused batch is tried alone: one the database will not take becomes a bad row
   * with the database's reason, so it cannot hold the others back. Rejects only when even the bad rows
   * cannot be written (the database is down).
   */
  async function recordOneByOne(batch: CollectedBatch, collectedAt: Date): Promise<RecordedBatch> {
    const input = { collectedAt, newId: deps.newId };
    let stored = 0;
    let duplicates = 0;
    const bad: RejectedEventRecord[] = [...batch.bad];
    for (const event of batch.good) {
      try {
        const isNew = await deps.repo.insertBatch({ good: [event], bad: [] }, input);
        stored += isNew;
        duplicates += 1 - isNew;
      } catch (error) {
        bad.push(unstorable(event, error));
      }
    }
    if (bad.length > 0) await deps.repo.insertBatch({ good: [], bad }, input);
    return { stored, duplicates, badRows: bad.length };
  }

  return {
    /**
     * Stores a batch's good events and bad rows, then flushes. The caller answers 200 only after this
     * resolves, so no acknowledged event is lost. When it rejects, the tracker sends the batch again and
     * the events already stored are recognised by their id.
     */
    async record(batch: CollectedBatch): Promise<RecordedBatch> {
      const collectedAt = deps.now();
      let result: RecordedBatch;
      try {
        const stored = await deps.repo.insertBatch(batch, { collectedAt, newId: deps.newId });
        result = { stored, duplicates: batch.good.length - stored, badRows: batch.bad.length };
      } catch (error) {
        if (batch.good.length === 0) throw error;
        warn('An analytics batch was refused; storing its events one by one', error);
        result = await recordOneByOne(batch, collectedAt);
      }
      await flush();
      return result;
    },
  };
}

export type AnalyticsCollectorService = ReturnType<typeof createAnalyticsCollectorService>;
