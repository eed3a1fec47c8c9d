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
        insertBatches: async () => {
          throw new Error('one request: no group');
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
      repo: { insertBatch: async () => 1, insertBatches: async (batches) => batches.map(() => 1) },
      flush: async () => {
        throw new Error('disk full');
      },
      newId: () => 'id',
      now: () => new Date(),
    });
    await expect(service.record(batch)).rejects.toThrow('disk full');
  });

  it('writes concurrent requests in one transaction and one flush, each told its own counts', async () => {
    const groups: number[] = [];
    let flushes = 0;
    const service = createAnalyticsCollectorService({
      repo: {
        insertBatch: async () => {
          throw new Error('not for a group');
        },
        insertBatches: async (batches) => {
          groups.push(batches.length);
          return batches.map((_, i) => (i === 1 ? 0 : 1));
        },
      },
      flush: async () => {
        flushes += 1;
      },
      newId: () => 'id',
      now: () => new Date(),
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => service.record(batch)));
    expect(groups).toEqual([5]);
    expect(flushes).toBe(1);
    expect(results[0]).toEqual({ stored: 1, duplicates: 0, badRows: 1 });
    expect(results[1]).toEqual({ stored: 0, duplicates: 1, badRows: 1 });
  });

  it('lets requests that arrive while a group is written and flushed form the next group', async () => {
    const groups: number[] = [];
    let flushes = 0;
    let release: () => void = () => undefined;
    const service = createAnalyticsCollectorService({
      repo: {
        insertBatch: async () => {
          groups.push(1);
          return 1;
        },
        insertBatches: async (batches) => {
          groups.push(batches.length);
          return batches.map(() => 1);
        },
      },
      flush: () => {
        flushes += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
      newId: () => 'id',
      now: () => new Date(),
    });
    let answered = 0;
    const first = service.record(batch).then(() => (answered += 1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const later = Array.from({ length: 3 }, () => service.record(batch).then(() => (answered += 1)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Nothing is answered before its flush ends.
    expect(answered).toBe(0);
    expect(groups).toEqual([1, 3]);
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushes).toBe(2);
    release();
    await Promise.all(later);
    expect(answered).toBe(4);
  });

  it('writes each request of a refused group alone, so only the bad one fails', async () => {
    const service = createAnalyticsCollectorService({
      repo: {
        insertBatch: async (b) => {
          if (b.good.some((e) => e.eventId === 'refused')) throw new Error('refused');
          return b.good.length;
        },
        insertBatches: async () => {
          throw new Error('the group was refused');
        },
      },
      flush: async () => undefined,
      newId: () => 'id',
      now: () => new Date(),
      warn: () => undefined,
    });
    const refused = { good: [{ ...batch.good[0]!, eventId: 'refused' }], bad: [] };
    const [ok, bad] = await Promise.all([service.record(batch), service.record(refused)]);
    expect(ok).toEqual({ stored: 1, duplicates: 0, badRows: 1 });
    // Its event became a bad row with the database's reason; the request is still answered.
    expect(bad).toEqual({ stored: 0, duplicates: 0, badRows: 1 });
  });
});
