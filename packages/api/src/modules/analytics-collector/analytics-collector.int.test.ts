import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsCollectorRepo } from './analytics-collector.repo';
import { UNSTORABLE_EVENT, createAnalyticsCollectorService } from './analytics-collector.service';
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
      payload: '{"e":"ue"}',
    });
  });

  it('stores every field as sent: nulls, quotes, non-Latin text, big and small numbers', async () => {
    const sent = event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0010', {
      eventType: 'se',
      schema: null,
      appId: null,
      userId: 'reader "one" \\ 読者',
      domainUserId: null,
      sessionId: null,
      pageUrl: 'https://example.org/articles/é?q=\'x\'&y="z"',
      deviceCreatedAt: null,
      payload: { fields: { e: 'se', se_va: '1.5e300', n: 12345678901234, small: 0.000001, text: '読者 ✓' } },
    });
    await platform.collector.record({ good: [sent], bad: [] });
    const stored = (await platform.recentEvents(1000)).find((row) => row.eventId === sent.eventId);
    expect(stored).toMatchObject({
      eventType: 'se',
      schema: null,
      appId: null,
      userId: sent.userId,
      domainUserId: null,
      sessionId: null,
      pageUrl: sent.pageUrl,
      deviceCreatedAt: null,
      payload: sent.payload,
    });
  });

  it('stores a resent event once', async () => {
    const result = await platform.collector.record({
      good: [event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0001'), event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0003')],
      bad: [],
    });
    expect(result).toEqual({ stored: 1, duplicates: 1, badRows: 0 });
  });

  it('stores a bad row whatever it holds: U+0000, unpaired surrogates, null', async () => {
    const result = await platform.collector.record({
      good: [],
      bad: [
        {
          code: 'invalid_tracker_payload',
          schema: 'iglu:com.bof/x\u0000/jsonschema/1-0-0',
          problems: [{ path: '/url\u0000', message: 'has \ud800' }],
          payload: { url: 'a\u0000b', refr: '\udc00' },
        },
        { code: 'invalid_tracker_payload', schema: null, problems: [], payload: null },
      ],
    });
    expect(result).toEqual({ stored: 0, duplicates: 0, badRows: 2 });
    const rows = await platform.recentBadRows(2);
    const nul = rows.find((row) => row.payload !== 'null');
    expect(nul).toMatchObject({
      schema: 'iglu:com.bof/x\\u0000/jsonschema/1-0-0',
      reason: [{ path: '/url\\u0000', message: 'has \uFFFD' }],
    });
    // The payload is the JSON text as it arrived: parsing it gives back every character.
    expect(JSON.parse(nul!.payload)).toEqual({ url: 'a\u0000b', refr: '\udc00' });
    expect(rows.some((row) => row.payload === 'null')).toBe(true);
  });

  it('keeps an event the database refuses as a bad row, and stores the rest of its batch', async () => {
    const warnings: unknown[] = [];
    const collector = createAnalyticsCollectorService({
      repo: createAnalyticsCollectorRepo(platform.db),
      flush: async () => undefined,
      newId: randomUUID,
      now: () => new Date('2026-11-22T11:00:00Z'),
      warn: (message) => warnings.push(message),
    });
    // Past the edge's checks on purpose: jsonb cannot hold U+0000, so this event fails its insert.
    const poisoned = event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0005', {
      payload: { fields: { e: 'ue', page: 'x\u0000' } },
    });
    const result = await collector.record({
      good: [
        event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0006'),
        poisoned,
        event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0001'),
      ],
      bad: [{ code: 'invalid_data', schema: null, problems: [], payload: { e: 'pv' } }],
    });
    expect(result).toEqual({ stored: 1, duplicates: 1, badRows: 2 });
    expect(warnings).toHaveLength(1);
    const ids = (await platform.recentEvents(1000)).map((row) => row.eventId);
    expect(ids).toContain('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0006');
    expect(ids).not.toContain(poisoned.eventId);
    const rows = await platform.recentBadRows(10);
    const kept = rows.find((row) => row.reasonCode === UNSTORABLE_EVENT);
    expect(kept).toMatchObject({ schema: 'iglu:com.bof/copy/jsonschema/1-0-0' });
    expect(JSON.parse(kept!.payload)).toEqual({ fields: { e: 'ue', page: 'x\u0000' } });
    expect(rows.some((row) => row.payload === '{"e":"pv"}')).toBe(true);
  });

  it('rejects, acknowledging nothing, when even the bad rows cannot be written', async () => {
    const down = createAnalyticsCollectorService({
      repo: {
        insertBatch: async () => {
          throw new Error('connection refused');
        },
        insertBatches: async () => {
          throw new Error('connection refused');
        },
      },
      flush: async () => undefined,
      newId: randomUUID,
      now: () => new Date(),
      warn: () => undefined,
    });
    await expect(
      down.record({ good: [event('0b0f7a52-6a5e-4d1f-9f3b-6f0d7d1a0007')], bad: [] }),
    ).rejects.toThrow('connection refused');
  });

  it('writes concurrent requests as one group, each acknowledged with its own counts and every event stored', async () => {
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const shared = randomUUID();
    const results = await Promise.all([
      ...ids.map((id) => platform.collector.record({ good: [event(id)], bad: [] })),
      // The same event in two requests of one group is stored once and counted for one of them.
      platform.collector.record({ good: [event(shared)], bad: [] }),
      platform.collector.record({ good: [event(shared)], bad: [] }),
    ]);
    expect(results.slice(0, 30).every((r) => r.stored === 1 && r.duplicates === 0)).toBe(true);
    expect(
      results
        .slice(30)
        .map((r) => r.stored)
        .sort(),
    ).toEqual([0, 1]);
    const stored = new Set((await platform.recentEvents(200)).map((row) => row.eventId));
    for (const id of [...ids, shared]) expect(stored.has(id)).toBe(true);
  });
});
