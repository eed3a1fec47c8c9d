import type { AnalyticsCollectorRepo } from './analytics-collector.repo';
import type { CollectedBatch, RecordedBatch } from './analytics-collector.types';

export interface AnalyticsCollectorDeps {
  repo: Pick<AnalyticsCollectorRepo, 'insertBatch'>;
  /** Makes the committed rows durable (PGlite writes its folder); resolves once they are. */
  flush: () => Promise<void>;
  newId: () => string;
  now: () => Date;
}

/** The collector's use case: store what the edge classified, durably, before it is acknowledged. */
export function createAnalyticsCollectorService(deps: AnalyticsCollectorDeps) {
  return {
    /**
     * Stores a batch's good events and bad rows, then flushes. The caller answers 200 only after this
     * resolves, so no acknowledged event is lost; on failure nothing of the batch is stored and the
     * tracker retries it.
     */
    async record(batch: CollectedBatch): Promise<RecordedBatch> {
      const stored = await deps.repo.insertBatch(batch, { collectedAt: deps.now(), newId: deps.newId });
      await deps.flush();
      return { stored, duplicates: batch.good.length - stored, badRows: batch.bad.length };
    },
  };
}

export type AnalyticsCollectorService = ReturnType<typeof createAnalyticsCollectorService>;
