import { describe, expect, it } from 'vitest';
import { createAnalyticsCollectorService } from './analytics-collector.service';
import type { CollectedBatch } from './analytics-collector.types';

const batch: CollectedBatch = {
  good: [
    {
      eventId: 'e1',
      eventType: 'pv',
      schema: null,
      appId: null,
      userId: null,
      domainUserId: null,
      sessionId: null,
      pageUrl: null,
      deviceCreatedAt: null,
      payload: {},
    },
  ],
  bad: [{ code: 'invalid_data', schema: null, problems: [], payload: {} }],
};

describe('the collector service', () => {
  it('flushes after the batch is committed and only then resolves (the 200 waits for both)', async () => {
    const steps: string[] = [];
    const service = createAnalyticsCollectorService({
      repo: {
        insertBatch: async (_batch, input) => {
          steps.push(`insert at ${input.collectedAt.toISOString()}`);
          return 1;
        },
      },
      flush: async () => {
        steps.push('flush');
      },
      newId: () => 'id',
      now: () => new Date('2026-11-22T12:00:00Z'),
    });
    await expect(service.record(batch)).resolves.toEqual({ stored: 1, duplicates: 0, badRows: 1 });
    expect(steps).toEqual(['insert at 2026-11-22T12:00:00.000Z', 'flush']);
  });

  it('fails when the flush fails, so the batch is not acknowledged and the tracker sends it again', async () => {
    const service = createAnalyticsCollectorService({
      repo: { insertBatch: async () => 1 },
      flush: async () => {
        throw new Error('disk full');
      },
      newId: () => 'id',
      now: () => new Date(),
    });
    await expect(service.record(batch)).rejects.toThrow('disk full');
  });

  it('lets requests committed during a flush share the next one', async () => {
    let flushes = 0;
    let release: () => void = () => undefined;
    const service = createAnalyticsCollectorService({
      repo: { insertBatch: async () => 1 },
      flush: () => {
        flushes += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      newId: () => 'id',
      now: () => new Date(),
    });
    const requests = Array.from({ length: 5 }, () => service.record(batch));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushes).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushes).toBe(2);
    release();
    await Promise.all(requests);
    expect(flushes).toBe(2);
  });
});
