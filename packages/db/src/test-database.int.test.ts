import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { migrateDatabase, skippedMigrations } from './migrate';
import { pendingMigrationCount } from './migration-status';
import { seedRuns } from './schema/index';
import { createTestDatabase } from './testing/test-database';

let database: DatabaseHandle;
let other: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
  await other?.close();
});

describe('createTestDatabase', () => {
  it('is fully migrated', async () => {
    expect(await pendingMigrationCount(database)).toBe(0);
  });

  it('refuses to start on a database that lacks a migration dated before the last one it applied', async () => {
    expect(await skippedMigrations(other)).toEqual([]);
    // As if 0030 had been merged after 0031 was applied: the migrator would pass over it for good.
    await other.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select created_at from drizzle.__drizzle_migrations order by created_at offset 30 limit 1)`,
    );
    const [skipped] = await skippedMigrations(other);
    expect(skipped).toMatch(/^0030_/);
    await expect(migrateDatabase(other)).rejects.toThrow(`Migrations ${skipped} were never applied`);
  });

  it('has pg_trgm from the first migration', async () => {
    const result = await database.db.execute<{ similarity: number }>(
      sql`select similarity('couture', 'couturier') as similarity`,
    );
    const rows = (result as unknown as { rows: { similarity: number }[] }).rows;
    expect(Number(rows[0]?.similarity)).toBeGreaterThan(0.3);
  });

  it('gives each caller a database of its own', async () => {
    await database.db.insert(seedRuns).values({ name: 'isolation-check', version: '1' });
    expect(await database.db.select().from(seedRuns)).toHaveLength(1);
    expect(await other.db.select().from(seedRuns)).toHaveLength(0);
  });

  it('answers ping until closed', async () => {
    const scratch = await createTestDatabase();
    expect(await scratch.ping()).toBe(true);
    await scratch.close();
    expect(await scratch.ping()).toBe(false);
  });
});
