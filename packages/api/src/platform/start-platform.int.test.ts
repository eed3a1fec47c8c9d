import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { getTestEnv } from '@bof/config/test';
import { seedRuns } from '@bof/db/schema';
import { runningServices, serveServices, stopServices } from '../running-services';
import { createServices } from '../services';
import { PendingMigrationsError, startPlatform } from './start-platform';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-platform-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run db:migrate`, as an operator runs it, with the given settings only. */
function migrateCommand(settings: Record<string, string>) {
  return spawnSync('npm', ['run', 'db:migrate'], {
    cwd: rootDir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development' as const, ...settings },
  });
}

describe('startPlatform on PGlite', () => {
  it('migrates a new data folder, and what was written survives a stop and a new start', async () => {
    const env = parseServerEnv({ DATA_DIR: dataDir });
    const first = await createServices(await startPlatform(env), { courier: { send: async () => {} } });
    serveServices(Promise.resolve(first));
    expect(await runningServices()).toBe(first);
    await first.db.insert(seedRuns).values({ name: 'survives-restart', version: '1' });
    await stopServices();
    await expect(runningServices()).rejects.toThrow('has not been started');

    const second = await startPlatform(env);
    const names = (await second.db.select().from(seedRuns)).map((r) => r.name);
    expect(names).toContain('survives-restart');
    await second.database.close();
  });
});

const { testDatabaseUrl } = getTestEnv();

describe.skipIf(!testDatabaseUrl)('startPlatform on PostgreSQL', () => {
  it('refuses a database with pending migrations until `npm run db:migrate` has run', async () => {
    const name = `bof_start_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${name}`;
    try {
      const env = parseServerEnv({ DATABASE_URL: url.toString() });
      const refused = await startPlatform(env).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PendingMigrationsError);
      expect((refused as PendingMigrationsError).pending).toBeGreaterThan(0);
      expect((refused as Error).message).toContain('npm run db:migrate');

      const migrated = migrateCommand({ DATABASE_URL: url.toString() });
      expect(migrated.status, migrated.stderr).toBe(0);
      expect(migrated.stdout).toContain('Migrations applied (PostgreSQL)');

      const platform = await startPlatform(env);
      try {
        expect(await platform.database.ping()).toBe(true);
        // The seeds ran on the migrated database.
        expect((await platform.db.select().from(seedRuns)).length).toBeGreaterThan(0);
      } finally {
        await platform.database.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe('npm run db:migrate', () => {
  it('applies the migrations to an embedded data folder and says where', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'bof-migrate-'));
    try {
      const result = migrateCommand({ DATA_DIR: folder });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Migrations applied (PGlite in ${path.join(folder, 'pglite')})`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('fails legibly when the database cannot be reached', () => {
    const result = migrateCommand({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/ECONNREFUSED|connect/);
  });
});
