import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { seedRuns } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { runSeeds, type Seed } from './seeds';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const quiet = () => undefined;

describe('runSeeds', () => {
  it('applies a seed once per version', async () => {
    let runs = 0;
    const seed: Seed = { name: 'counter', version: '1', run: async () => void runs++ };
    await runSeeds(database.db, [seed], quiet);
    await runSeeds(database.db, [seed], quiet);
    expect(runs).toBe(1);
    await runSeeds(database.db, [{ ...seed, version: '2' }], quiet);
    expect(runs).toBe(2);
    const recorded = await database.db.select().from(seedRuns);
    expect(recorded.find((r) => r.name === 'counter')?.version).toBe('2');
  });

  it('runs a seed once when several processes start on one database at the same time', async () => {
    let runs = 0;
    const seed: Seed = {
      name: 'started-together',
      version: '1',
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    // Each start reads the record before the others have written it; on PostgreSQL they run at once.
    await Promise.all([1, 2, 3].map(() => runSeeds(database.db, [seed], quiet)));
    expect(runs).toBe(1);
  });

  it('leaves nothing behind when a seed fails, and tries it again next time', async () => {
    const failing: Seed = {
      name: 'half-written',
      version: '1',
      run: async (db) => {
        await db.insert(seedRuns).values({ name: 'written-by-the-failing-seed', version: 'x' });
        throw new Error('disk full');
      },
    };
    await expect(runSeeds(database.db, [failing], quiet)).rejects.toThrow('disk full');
    const names = (await database.db.select().from(seedRuns)).map((r) => r.name);
    expect(names).not.toContain('written-by-the-failing-seed');
    expect(names).not.toContain('half-written');
  });
});
