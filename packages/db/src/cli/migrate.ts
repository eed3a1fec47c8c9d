import { getServerEnv } from '@bof/config/server';
import { databaseTarget, openDatabase } from '../client';
import { migrateDatabase } from '../migrate';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const env = getServerEnv();
const target = databaseTarget(env);
const handle = await openDatabase(target);
try {
  await migrateDatabase(handle);
  console.log(
    `Migrations applied (${target.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${target.dataDir}`}).`,
  );
} finally {
  await handle.close();
}
