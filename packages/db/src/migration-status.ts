import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { migrationsFolder } from './migrate';

/** How many committed migrations this database has not applied yet. */
export async function pendingMigrationCount(handle: DatabaseHandle): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const exists = await handle.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return journal.entries.length;
  const applied = await handle.db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Math.max(
    0,
    journal.entries.length - Number(rowsOf<{ count: string | number }>(applied)[0]?.count ?? 0),
  );
}

/** PGlite and node-postgres both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
