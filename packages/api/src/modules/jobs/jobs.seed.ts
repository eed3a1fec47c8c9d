import type { Database } from '@bof/db/client';
import type { Seed } from '../../platform/seeds';
import { demoJobs } from './demo-jobs';
import { createJobsRepo } from './jobs.repo';

/** Writes the demo listings (after the demo profiles); ones already there are kept as they are. */
export async function seedDemoJobs(db: Database, at: Date = new Date()): Promise<void> {
  await createJobsRepo(db).insert(demoJobs(at));
}

export const demoJobsSeed: Seed = { name: 'demo-jobs', version: '1', run: (db) => seedDemoJobs(db) };
