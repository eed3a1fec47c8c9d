import type { Database } from '@bof/db/client';
import type { Seed } from '../../platform/seeds';
import { demoEvents } from './demo-events';
import { createEventsRepo } from './events.repo';

/** Writes the demo events; ones already there (an admin's edits, tickets sold) are kept as they are. */
export async function seedDemoEvents(db: Database): Promise<void> {
  const repo = createEventsRepo(db);
  for (const { event, types } of demoEvents()) await repo.insertEvent(event, types);
}

export const demoEventsSeed: Seed = { name: 'demo-events', version: '1', run: seedDemoEvents };
