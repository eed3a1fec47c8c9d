import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { seedRuns } from '@bof/db/schema';
import { getPlatform, stopPlatform } from './platform';
import { startPlatform } from './start-platform';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bof-platform-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startPlatform on PGlite', () => {
  it('migrates a new data folder, and what was written survives a stop and a new start', async () => {
    const env = parseServerEnv({ DATA_DIR: dataDir });
    const first = await startPlatform(env);
    expect(await getPlatform()).toBe(first);
    await first.db.insert(seedRuns).values({ name: 'survives-restart', version: '1' });
    await stopPlatform();
    await expect(getPlatform()).rejects.toThrow('has not been started');

    const second = await startPlatform(env);
    const names = (await second.db.select().from(seedRuns)).map((r) => r.name);
    expect(names).toContain('survives-restart');
    await stopPlatform();
  });
});
