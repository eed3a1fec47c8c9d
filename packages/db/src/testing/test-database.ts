import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getTestEnv } from '@bof/config/test';
import { openDatabase, type DatabaseHandle } from '../client';
import { migrateDatabase, migrationsFolder } from '../migrate';

/**
 * A fresh, migrated database for one test file. On PGlite (the default) it is loaded from a migrated
 * template kept in the temp folder, which is far quicker than migrating; with TEST_DATABASE_URL set it is
 * a new PostgreSQL database copied from a migrated template database, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const { testDatabaseUrl } = getTestEnv();
  return testDatabaseUrl ? createPostgresTestDatabase(testDatabaseUrl) : createPgliteTestDatabase();
}

/** Identifies the current set of migrations, so a changed migration builds a new template. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

async function createPgliteTestDatabase(): Promise<DatabaseHandle> {
  const templatePath = path.join(os.tmpdir(), `bof-pglite-template-${migrationsFingerprint()}.tar`);
  if (!existsSync(templatePath)) {
    const builder = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateDatabase(builder);
    const dump = await builder.pglite!.dumpDataDir('none');
    await builder.close();
    // Written aside and renamed, so parallel workers never read a half-written template.
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  const loadDataDir = new Blob([readFileSync(templatePath)]);
  return openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir });
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const template = `bof_tpl_${migrationsFingerprint()}`;
  const name = `bof_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // One creator at a time across workers: the template is built once, copies never overlap it.
    await admin.query('select pg_advisory_lock(727274)');
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'bof\\_tpl\\_%'",
      );
      for (const row of stale.rows)
        await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`);
      await admin.query(`create database ${quoteIdent(template)}`);
      const builder = await openDatabase({
        kind: 'postgres',
        url: withDatabase(serverUrl, template),
        maxConnections: 1,
      });
      try {
        await migrateDatabase(builder);
      } finally {
        await builder.close();
      }
    }
    await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
  } finally {
    await admin.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await admin.end();
  }
  const handle = await openDatabase({
    kind: 'postgres',
    url: withDatabase(serverUrl, name),
    maxConnections: 4,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
