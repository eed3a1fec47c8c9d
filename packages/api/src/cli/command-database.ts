import { ConfigurationError, getServerEnv, type ServerEnv } from '@bof/config/server';
import { databaseTarget, openDatabase, type DatabaseHandle } from '@bof/db/client';
import { migrateDatabase } from '@bof/db/migrate';
import { pendingMigrationCount } from '@bof/db/migration-status';

/** The configuration of a command, or exit 78 naming what is wrong with it. */
export function commandEnv(): ServerEnv {
  try {
    return getServerEnv();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

/**
 * The database of the commands (content import and export, billing reconciliation): the configured
 * PostgreSQL server, or the embedded PGlite in DATA_DIR (migrated here, as the server would at start).
 * A PostgreSQL database with pending migrations exits 1. PGlite allows one process per data folder:
 * stop the server first.
 */
export async function openCommandDatabase(env: ServerEnv = commandEnv()): Promise<DatabaseHandle> {
  const database = await openDatabase(databaseTarget(env));
  if (database.kind === 'pglite') await migrateDatabase(database);
  else if ((await pendingMigrationCount(database)) > 0) {
    console.error('The database has pending migrations: run `npm run db:migrate` first.');
    await database.close();
    process.exit(1);
  }
  return database;
}
