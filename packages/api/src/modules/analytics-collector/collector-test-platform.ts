import { createTestDatabase } from '@bof/db/testing';
import { createAnalyticsCollector } from './analytics-collector.module';
import { createAnalyticsCollectorRepo } from './analytics-collector.repo';

/** For the collector's integration tests: the collector over a fresh test database, with readers for what it stored. */
export async function createCollectorTestPlatform() {
  const database = await createTestDatabase();
  const repo = createAnalyticsCollectorRepo(database.db);
  return {
    db: database.db,
    collector: createAnalyticsCollector({ db: database.db, database }),
    recentEvents: (limit = 100) => repo.recentEvents(limit),
    recentBadRows: (limit = 100) => repo.recentBadRows(limit),
    close: () => database.close(),
  };
}
