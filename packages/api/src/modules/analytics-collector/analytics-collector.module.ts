import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform';
import { createAnalyticsCollectorRepo } from './analytics-collector.repo';
import {
  createAnalyticsCollectorService,
  type AnalyticsCollectorService,
} from './analytics-collector.service';

export type { CollectedBatch, RecordedBatch } from './analytics-collector.types';
export type { AnalyticsCollectorService } from './analytics-collector.service';

/**
 * The embedded analytics collector's storage, built from the platform. On PGlite a commit is flushed to
 * its data folder before `record` resolves (docs/architecture.md §4: PGlite acknowledges before it syncs).
 */
export function createAnalyticsCollector(
  platform: Pick<Platform, 'db' | 'database'>,
): AnalyticsCollectorService {
  const { pglite } = platform.database;
  return createAnalyticsCollectorService({
    repo: createAnalyticsCollectorRepo(platform.db),
    flush: pglite ? () => pglite.syncToFs() : async () => undefined,
    newId: randomUUID,
    now: () => new Date(),
  });
}
