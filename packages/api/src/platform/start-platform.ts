import type { ServerEnv } from '@bof/config/server';
import { databaseTarget, openDatabase } from '@bof/db/client';
import { migrateDatabase } from '@bof/db/migrate';
import { pendingMigrationCount } from '@bof/db/migration-status';
import type { Platform } from './platform';
import { seedList } from './seed-list';
import { runSeeds } from './seeds';

export class PendingMigrationsError extends Error {
  readonly code = 'pending_migrations';
  constructor(readonly pending: number) {
    super(`The database is missing ${pending} migration(s): run \`npm run db:migrate\` first.`);
  }
}

/**
 * Opens the database, brings its schema up to date (PGlite migrates itself; PostgreSQL must have been
 * migrated with `npm run db:migrate`) and applies the seeds. The server entry calls this, then builds the
 * services over the result (services.ts).
 */
export async function startPlatform(env: ServerEnv): Promise<Platform> {
  const database = await openDatabase(databaseTarget(env));
  try {
    if (database.kind === 'pglite') {
      await migrateDatabase(database);
    } else {
      const pending = await pendingMigrationCount(database);
      if (pending > 0) throw new PendingMigrationsError(pending);
    }
    await runSeeds(database.db, seedList);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { env, db: database.db, database };
}
