import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { seedList } from '../../platform/seed-list';
import { runSeeds } from '../../platform/seeds';
import { illustrationFilesFor, illustrationInUse } from './illustration-file';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
});
afterAll(async () => {
  await database?.close();
});

describe('illustrations in use (demo edition)', () => {
  it('knows a story hero and an image block, and nothing made up', async () => {
    const inUse = illustrationInUse(database.db);
    expect(await inUse({ motif: 'circles', seed: 'beauty-refill-hero' })).toBe(true);
    expect(await inUse({ motif: 'circles', seed: 'refill-rate-circles' })).toBe(true);
    expect(await inUse({ motif: 'waves', seed: 'beauty-refill-hero' })).toBe(false);
    expect(await inUse({ motif: 'circles', seed: 'made-up-by-a-client' })).toBe(false);
    expect(await inUse({ motif: 'circles', seed: `"}' or 1=1 --` })).toBe(false);
  });

  it('draws a used hero as a PNG file', async () => {
    const png = await illustrationFilesFor(database.db).file(
      { motif: 'circles', seed: 'beauty-refill-hero' },
      'png',
    );
    expect(png).toBeInstanceOf(Uint8Array);
    expect(
      Buffer.from(png as Uint8Array)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});
