import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform';
import { createAnalyticsCollectorRepo, type AnalyticsCollectorRepo } from './analytics-collector.repo';
import {
  createAnalyticsCollectorService,
  type AnalyticsCollectorService,
} from './analytics-collector.service';

export type { CollectedBatch, RecordedBatch } from './analytics-collector.types';
export type { AnalyticsCollectorService } from './analytics-collector.service';

/** The embedded collector: its use case, and what it stored, for operators and tests. */
export interface AnalyticsCollector extends AnalyticsCollectorService {
  /** The latest stored events, newest first (100 by default). */
  recentEvents(limit?: number): ReturnType<AnalyticsCollectorRepo['recentEvents']>;
  /** The latest bad rows, newest first (100 by default). */
  recentBadRows(limit?: number): ReturnType<AnalyticsCollectorRepo['recentBadRows']>;
}

/**
 * The embedded analytics collector's storage, built from the platform. On PGlite a commit is flushed to
 * its data folder before `record` resolves (docs/architecture.md §4: PGlite acknowledges before it syncs).
 */
export function createAnalyticsCollector(platform: Pick<Platform, 'db' | 'database'>): AnalyticsCollector {
  const { pglite } = platform.database;
  const repo = createAnalyticsCollectorRepo(platform.db);
  return {
    ...createAnalyticsCollectorService({
      repo,
      flush: pglite ? () => pglite.syncToFs() : async () => undefined,
      newId: randomUUID,
      now: () => new Date(),
    }),
    recentEvents: (limit = 100) => repo.recentEvents(limit),
    recentBadRows: (limit = 100) => repo.recentBadRows(limit),
  };
}
