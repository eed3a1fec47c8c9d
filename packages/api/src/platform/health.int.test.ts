import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bof/db/testing';
import { checkHealth } from './health';

describe('checkHealth', () => {
  it('is ok while the database answers', async () => {
    const database = await createTestDatabase();
    expect(await checkHealth(async () => ({ database }))).toEqual({
      status: 'ok',
      deploymentId: '8.57.0',
      database: 'ok',
    });
    await database.close();
  });

  it('is unavailable when the database stops answering', async () => {
    const database = await createTestDatabase();
    await database.close();
    expect(await checkHealth(async () => ({ database }))).toEqual({
      status: 'unavailable',
      deploymentId: '8.57.0',
      database: 'unavailable',
    });
  });

  it('is unavailable when the product never started', async () => {
    const report = await checkHealth(() => Promise.reject(new Error('could not open the database')));
    expect(report.status).toBe('unavailable');
  });
});
