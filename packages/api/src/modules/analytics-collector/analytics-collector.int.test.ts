import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectedEventRecord } from './analytics-collector.types';
import { createCollectorTestPlatform } from './collector-test-platform';

let platform: Awaited<ReturnType<typeof createCollectorTestPlatform>>;
beforeAll(async () => {
  platform = await createCollectorTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

const event = (eventId: string, fields: Partial<CollectedEventRecord> = {}): CollectedEventRecord => ({
  eventId,
  eventType: 'ue',
  schema: 'iglu:com.bof/copy/jsonschema/1-0-0',
  appId: 'frontend',
  userId: null,
  domainUserId: 'd-1',
  sessionId: 's-1',
  pageUrl: 'http://localhost/',
  deviceCreatedAt: new Date('2026-11-22T10:00:00Z'),
  payload: {
    fields: { e: 'ue' },
    event: { schema: 'iglu:com.bof/copy/jsonschema/1-0-0', data: { wordsCopied: 3 } },
  },
  ...fields,
});

describe('the analytics collector store', () => {
  it('stores good events and bad rows with their reason in one go', async () => {
    const result = await platform.collector.record({
      good: [
        event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0001'),
        event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0002', { eventType: 'pv', schema: null }),
      ],
      bad: [
        {
          code: 'invalid_data',
          schema: 'iglu:com.bof/scroll_depth/jsonschema/1-0-0',
          problems: [{ path: '/ue_pr/data/percentage', message: 'must be <= 100' }],
          payload: { e: 'ue' },
        },
      ],
    });
    expect(result).toEqual({ stored: 2, duplicates: 0, badRows: 1 });
    const events = await platform.recentEvents();
    expect(events.map((row) => row.eventId).sort()).toEqual([
      '0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0001',
      '0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0002',
    ]);
    expect(events.find((row) => row.eventType === 'ue')).toMatchObject({
      schema: 'iglu:com.bof/copy/jsonschema/1-0-0',
      deviceCreatedAt: new Date('2026-11-22T10:00:00Z'),
      payload: { event: { data: { wordsCopied: 3 } } },
    });
    const [bad] = await platform.recentBadRows();
    expect(bad).toMatchObject({
      reasonCode: 'invalid_data',
      schema: 'iglu:com.bof/scroll_depth/jsonschema/1-0-0',
      reason: [{ path: '/ue_pr/data/percentage', message: 'must be <= 100' }],
      payload: { e: 'ue' },
    });
  });

  it('stores a resent event once', async () => {
    const result = await platform.collector.record({
      good: [event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0001'), event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0003')],
      bad: [],
    });
    expect(result).toEqual({ stored: 1, duplicates: 1, badRows: 0 });
  });

  it('stores nothing of a batch that fails part-way', async () => {
    const before = (await platform.recentEvents()).length;
    await expect(
      platform.collector.record({
        good: [event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0004')],
        // A bad row whose reason cannot be stored (NUL is not valid in jsonb text) fails the transaction.
        bad: [
          { code: 'invalid_data', schema: null, problems: [{ path: '/', message: '\u0000' }], payload: {} },
        ],
      }),
    ).rejects.toThrow();
    expect((await platform.recentEvents()).length).toBe(before);
  });
});
