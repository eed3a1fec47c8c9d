import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDurablePglite, type DurabilityOptions } from './durable-pglite';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both engines: the services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export interface DatabaseHandle {
  kind: DatabaseTarget['kind'];
  db: Database;
  /** Runs a trivial query; false when the database does not answer. */
  ping(): Promise<boolean>;
  /** Closes; PGlite ends with a checkpoint that syncs its data folder. */
  close(): Promise<void>;
  /** The raw PGlite instance, for dumping a template; undefined on PostgreSQL. */
  pglite: PGlite | undefined;
  /** The PostgreSQL connection string (the job queue opens its own pool); undefined on PGlite. */
  connectionString?: string;
}

/**
 * Opens a database. PGlite data folders hold one process only: open each folder once. In a data folder
 * every statement and transaction resolves only once its commit is on the disk (durable-pglite.ts);
 * without one (tests) PGlite lives in memory.
 */
export async function openDatabase(
  target: DatabaseTarget,
  durability: DurabilityOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    let client: PGlite;
    if (target.dataDir) {
      mkdirSync(path.dirname(target.dataDir), { recursive: true });
      ({ client } = await openDurablePglite(target.dataDir, {
        ...durability,
        loadDataDir: target.loadDataDir,
        extensions: { pg_trgm, unaccent },
      }));
    } else {
      client = await PGlite.create({ loadDataDir: target.loadDataDir, extensions: { pg_trgm, unaccent } });
    }
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      kind: 'pglite',
      db,
      pglite: client,
      ping: async () => {
        try {
          await client.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pglite: undefined,
    connectionString: target.url,
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Where the configuration says the product's database is. */
export function databaseTarget(env: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return env.databaseUrl
    ? { kind: 'postgres', url: env.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') };
}
