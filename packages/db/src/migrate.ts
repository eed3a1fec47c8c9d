import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client';

/** The committed migrations, in order. */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies every pending migration. Safe to call at each start: applied ones are skipped. Then checks
 * that none was passed over: Drizzle's migrator applies only migrations written (`when`) after the last
 * one applied, so a migration merged with an earlier `when` would never run anywhere that had moved on.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  const skipped = await skippedMigrations(handle);
  if (skipped.length > 0) {
    throw new Error(
      `Migrations ${skipped.join(', ')} were never applied: each is dated (\`when\` in meta/_journal.json) ` +
        'before the last migration this database applied, so the migrator passes over it. Date it after ' +
        'the last applied migration, or apply its SQL by hand and record it.',
    );
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The committed migrations the database has not applied although it applied a later-dated one. */
export async function skippedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const { entries } = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  const result = await handle.db.execute<{ created_at: string | number }>(
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const applied = new Set(
    (result as unknown as { rows: { created_at: string | number }[] }).rows.map((r) => Number(r.created_at)),
  );
  const last = Math.max(0, ...applied);
  return entries.filter((entry) => entry.when <= last && !applied.has(entry.when)).map((entry) => entry.tag);
}
