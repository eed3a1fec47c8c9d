import type { AnalyticsCollectorRepo } from './analytics-collector.repo';
import type {
  CollectedBatch,
  CollectedEventRecord,
  RecordedBatch,
  RejectedEventRecord,
} from './analytics-collector.types';
import { coalesceFlushes } from './coalesce-flushes';

export interface AnalyticsCollectorDeps {
  repo: Pick<AnalyticsCollectorRepo, 'insertBatch' | 'insertBatches'>;
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

/** At most this many good events go into one group commit (a group takes at least one request). */
export const GROUP_COMMIT_EVENTS = 2000;

type Outcome = { ok: true; value: RecordedBatch } | { ok: false; error: unknown };
type Waiting = { batch: CollectedBatch; done: (outcome: Outcome) => void };

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

  /** Stores one request's batch in a transaction of its own (its events one by one if it is refused). */
  async function recordAlone(batch: CollectedBatch, collectedAt: Date): Promise<RecordedBatch> {
    try {
      const stored = await deps.repo.insertBatch(batch, { collectedAt, newId: deps.newId });
      return { stored, duplicates: batch.good.length - stored, badRows: batch.bad.length };
    } catch (error) {
      if (batch.good.length === 0) throw error;
      warn('An analytics batch was refused; storing its events one by one', error);
      return recordOneByOne(batch, collectedAt);
    }
  }

  /**
   * Writes a group of requests in one transaction; when the database refuses it, each request alone, so
   * one bad event cannot hold back other requests.
   */
  async function writeGroup(group: readonly Waiting[]): Promise<Outcome[]> {
    const collectedAt = deps.now();
    if (group.length > 1) {
      try {
        const stored = await deps.repo.insertBatches(
          group.map((w) => w.batch),
          { collectedAt, newId: deps.newId },
        );
        return group.map(({ batch }, i) => ({
          ok: true,
          value: {
            stored: stored[i]!,
            duplicates: batch.good.length - stored[i]!,
            badRows: batch.bad.length,
          },
        }));
      } catch {
        // Each request alone below: recordAlone reports a refused batch.
      }
    }
    const outcomes: Outcome[] = [];
    for (const { batch } of group) {
      try {
        outcomes.push({ ok: true, value: await recordAlone(batch, collectedAt) });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  // Group commit: requests that arrive while a group is being written wait for the next one, which
  // takes them all (up to GROUP_COMMIT_EVENTS events) in one transaction. Each request is answered only
  // once its group committed and a flush that began after that commit finished.
  const queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        let events = 0;
        let take = 0;
        while (
          take < queue.length &&
          (take === 0 || events + queue[take]!.batch.good.length <= GROUP_COMMIT_EVENTS)
        )
          events += queue[take++]!.batch.good.length;
        const group = queue.splice(0, take);
        const outcomes = await writeGroup(group);
        const flushed = flush();
        group.forEach((waiting, i) => {
          const outcome = outcomes[i]!;
          if (!outcome.ok) waiting.done(outcome);
          else
            flushed.then(
              () => waiting.done(outcome),
              (error: unknown) => waiting.done({ ok: false, error }),
            );
        });
      }
    } finally {
      writing = false;
    }
  }

  return {
    /**
     * Stores a batch's good events and bad rows, then flushes. The caller answers 200 only after this
     * resolves, so no acknowledged event is lost. When it rejects, the tracker sends the batch again and
     * the events already stored are recognised by their id. Concurrent requests share a transaction and
     * a flush (group commit); the counts returned are this batch's own.
     */
    record(batch: CollectedBatch): Promise<RecordedBatch> {
      return new Promise<RecordedBatch>((resolve, reject) => {
        queue.push({
          batch,
          done: (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)),
        });
        if (!writing) {
          writing = true;
          // After the current turn, so that requests handled in the same turn form one group.
          queueMicrotask(() => void drain());
        }
      });
    },
  };
}

export type AnalyticsCollectorService = ReturnType<typeof createAnalyticsCollectorService>;
