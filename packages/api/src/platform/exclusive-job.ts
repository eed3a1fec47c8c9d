import { sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';

export type JobRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs scheduled work in one process of the deployment at a time: inside a transaction holding the
 * advisory lock named `job`. A process that finds the lock taken skips its run (another process is doing
 * the same work now); the work must be idempotent, so a run soon after another finds little to do.
 */
export async function runExclusively<T>(
  db: Database,
  job: string,
  work: (tx: Database) => Promise<T>,
): Promise<JobRun<T>> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${job})) as locked`);
    const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await work(tx as unknown as Database) };
  });
}
