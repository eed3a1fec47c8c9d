import type { ServerEnv } from '@bof/config/server';
import type { Database, DatabaseHandle } from '@bof/db/client';

/** The running product's shared resources: configuration and the database, opened by startPlatform. */
export interface Platform {
  env: ServerEnv;
  db: Database;
  database: DatabaseHandle;
}
