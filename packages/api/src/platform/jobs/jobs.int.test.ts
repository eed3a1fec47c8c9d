import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import type { Jobs } from './jobs';
import { createPgBossJobs } from './pg-boss-jobs';

let database: DatabaseHandle;
let jobs: Jobs;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createPgBossJobs(database, { scheduler: true });
}, 60_000);
afterAll(async () => {
  await jobs?.stop(1000);
  await database?.close();
});

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the job queue', () => {
  it('runs every queued job once, in batches', async () => {
    await jobs.ensureQueue('test-batch');
    const seen: number[] = [];
    await jobs.sendMany(
      'test-batch',
      Array.from({ length: 25 }, (_, n) => ({ n })),
    );
    const worker = await jobs.work<{ n: number }>(
      'test-batch',
      async (batch) => {
        for (const job of batch) seen.push(job.data.n);
      },
      { batchSize: 10, pollingIntervalSeconds: 0.5 },
    );
    await until(() => seen.length >= 25);
    await jobs.offWork('test-batch', worker);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n));
  }, 30_000);

  it('retries a failed job, and keeps one job per singleton key', async () => {
    await jobs.ensureQueue('test-retry', {
      oneJobPerKey: true,
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
    });
    const first = await jobs.send('test-retry', { value: 'a' }, { singletonKey: 'only' });
    const second = await jobs.send('test-retry', { value: 'b' }, { singletonKey: 'only' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    const attempts: number[] = [];
    const worker = await jobs.work<{ value: string }>(
      'test-retry',
      async ([job]) => {
        attempts.push(job!.retryCount);
        if (attempts.length === 1) throw new Error('first attempt fails');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await until(() => attempts.length >= 2);
    await jobs.offWork('test-retry', worker);
    expect(attempts).toEqual([0, 1]);
  }, 30_000);

  it('rejects a malformed cron expression', async () => {
    await jobs.ensureQueue('test-cron');
    await expect(jobs.schedule('test-cron', 'not a cron')).rejects.toThrow();
    await jobs.schedule('test-cron', '0 6 * * *', { kind: 'daily' });
  });
});
