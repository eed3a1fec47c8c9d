import { afterEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { createTestDatabase } from '@bof/db/testing';
import { checkHealth } from './health';
import { setPlatform, stopPlatform } from './platform';

afterEach(async () => {
  await stopPlatform();
});

describe('checkHealth', () => {
  it('is ok while the database answers', async () => {
    const database = await createTestDatabase();
    setPlatform(Promise.resolve({ env: parseServerEnv({}), db: database.db, database }));
    expect(await checkHealth()).toEqual({ status: 'ok', deploymentId: '8.57.0', database: 'ok' });
  });

  it('is unavailable when the database stops answering', async () => {
    const database = await createTestDatabase();
    setPlatform(Promise.resolve({ env: parseServerEnv({}), db: database.db, database }));
    await database.close();
    expect(await checkHealth()).toEqual({
      status: 'unavailable',
      deploymentId: '8.57.0',
      database: 'unavailable',
    });
  });

  it('is unavailable when the platform never started', async () => {
    setPlatform(Promise.reject(new Error('could not open the database')));
    expect((await checkHealth()).status).toBe('unavailable');
  });
});
