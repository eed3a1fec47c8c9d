import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCollector } from '@bof/api/analytics-collector';
import { startProduct, type StartedProduct } from '../testing/start-product';
import { createCollectorHandlers } from './collector-handlers';

// The collector's HTTP edge over the product's embedded collector; what it stored is read back from it.
let product: StartedProduct;
let collector: AnalyticsCollector;
let handlers: ReturnType<typeof createCollectorHandlers>;
beforeAll(async () => {
  product = await startProduct();
  collector = product.services.analyticsCollector!;
  handlers = createCollectorHandlers({ collector: async () => collector });
});
afterAll(async () => {
  await product?.close();
});

const URL_POST = 'http://localhost/api/collector/com.snowplowanalytics.snowplow/tp2/';
let sequence = 0;
const nextEventId = () => `5f0c2a4e-8b1d-4c3e-9a7f-${String(++sequence).padStart(12, '0')}`;
const selfDescribing = (schema: string, data: unknown) =>
  JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
    data: { schema, data },
  });
const trackerEvent = (fields: Record<string, string> = {}) => ({
  e: 'pv',
  eid: nextEventId(),
  tv: 'js-4.10.1',
  p: 'web',
  aid: 'frontend',
  url: 'http://localhost/',
  dtm: '1795400000000',
  ...fields,
});
const envelope = (events: unknown[]) => ({
  schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
  data: events,
});
const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  handlers.post(
    new Request(URL_POST, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit),
  );

/** A valid one-event batch padded (with an extra protocol field) to exactly `bytes` bytes of JSON. */
function batchOfSize(bytes: number): { body: string; eventId: string } {
  const event = { ...trackerEvent(), pad: '' };
  const bare = JSON.stringify(envelope([event]));
  event.pad = 'x'.repeat(bytes - Buffer.byteLength(bare));
  const body = JSON.stringify(envelope([event]));
  expect(Buffer.byteLength(body)).toBe(bytes);
  return { body, eventId: event.eid };
}

const storedIds = async () => (await collector.recentEvents(1000)).map((row) => row.eventId);

describe('the embedded collector', () => {
  it('stores a valid batch and answers 200 after storing it', async () => {
    const events = [
      trackerEvent(),
      trackerEvent({
        e: 'ue',
        ue_pr: selfDescribing('iglu:com.bof/wall_seen/jsonschema/1-0-0', { placement: 'inline' }),
      }),
      trackerEvent({ e: 'pp' }),
    ];
    const response = await post(JSON.stringify(envelope(events)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', collected: 3, rejected: 0 });
    expect(await storedIds()).toEqual(expect.arrayContaining(events.map((event) => event.eid)));
    const wall = (await collector.recentEvents(1000)).find((row) => row.eventId === events[1]!.eid);
    expect(wall).toMatchObject({ eventType: 'ue', schema: 'iglu:com.bof/wall_seen/jsonschema/1-0-0' });
  });

  it('stores a bad event as a bad row with its reason, and the good ones beside it', async () => {
    const good = trackerEvent();
    const bad = trackerEvent({
      e: 'ue',
      ue_pr: selfDescribing('iglu:com.bof/wall_seen/jsonschema/1-0-0', { wallVariant: 'b' }),
    });
    const response = await post(JSON.stringify(envelope([good, bad])));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', collected: 1, rejected: 1 });
    expect(await storedIds()).toContain(good.eid);
    expect(await storedIds()).not.toContain(bad.eid);
    const rows = await collector.recentBadRows();
    const row = rows.find((r) => r.payload.includes(bad.eid));
    expect(row).toMatchObject({
      reasonCode: 'invalid_data',
      schema: 'iglu:com.bof/wall_seen/jsonschema/1-0-0',
      reason: [{ path: '/ue_pr/data', message: "must have required property 'placement'" }],
    });
  });

  it('accepts a body of exactly 40000 bytes and refuses 40001 with 413', async () => {
    const atLimit = batchOfSize(40_000);
    expect((await post(atLimit.body)).status).toBe(200);
    expect(await storedIds()).toContain(atLimit.eventId);

    const over = batchOfSize(40_001);
    const refused = await post(over.body);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: { code: 'body_too_large' } });
    expect(await storedIds()).not.toContain(over.eventId);
  });

  it('stops reading a body without a length as soon as it passes 40000 bytes', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(10_000).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await post(endless);
    expect(response.status).toBe(413);
    // 5 chunks of 10000 bytes pass the limit; nothing further is read (one read-ahead at most).
    expect(pulled).toBeLessThanOrEqual(6);
  });

  it('refuses malformed JSON with 400, storing nothing', async () => {
    const before = (await collector.recentBadRows(1000)).length;
    const malformed = await post(
      '{"schema": "iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4", "data": [',
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_json' } });
    expect((await collector.recentBadRows(1000)).length).toBe(before);
  });

  it('keeps JSON that is not a payload_data envelope as a bad row, then refuses it with 400', async () => {
    const stray = [trackerEvent()];
    const response = await post(JSON.stringify(stray));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_payload' } });
    const row = (await collector.recentBadRows(1000)).find((r) => r.payload === JSON.stringify(stray));
    expect(row).toMatchObject({ reasonCode: 'invalid_payload', schema: null });
    expect(await storedIds()).not.toContain(stray[0]!.eid);
  });

  it('judges each event on its own: a U+0000 in one field spoils only that event', async () => {
    const good = [trackerEvent(), trackerEvent({ e: 'pp' })];
    const poisoned = trackerEvent({ page: 'Runway\u0000' });
    const response = await post(JSON.stringify(envelope([good[0], poisoned, good[1]])));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', collected: 2, rejected: 1 });
    expect(await storedIds()).toEqual(expect.arrayContaining(good.map((e) => e.eid)));
    expect(await storedIds()).not.toContain(poisoned.eid);
    const row = (await collector.recentBadRows(1000)).find((r) => r.payload.includes(poisoned.eid));
    expect(row).toMatchObject({
      reasonCode: 'invalid_tracker_payload',
      reason: [{ path: '/page', message: 'contains U+0000 (NUL), which cannot be stored' }],
    });
    expect(JSON.parse(row!.payload)).toEqual(poisoned);
  });

  it('judges each event on its own: a null or a string item is a bad row beside the good events', async () => {
    const good = trackerEvent();
    const response = await post(JSON.stringify(envelope([null, good, 'pv'])));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', collected: 1, rejected: 2 });
    expect(await storedIds()).toContain(good.eid);
    const payloads = (await collector.recentBadRows(1000)).map((row) => row.payload);
    expect(payloads).toEqual(expect.arrayContaining(['null', '"pv"']));
  });

  it('keeps a U+0000 in a pixel request as a bad row and still answers with the GIF', async () => {
    const event = trackerEvent({ url: 'http://localhost/\u0000' });
    const response = await handlers.pixel(
      new Request(`http://localhost/api/collector/i?${new URLSearchParams(event)}`),
    );
    expect(response.status).toBe(200);
    const row = (await collector.recentBadRows(1000)).find((r) => r.payload.includes(event.eid));
    expect(row).toMatchObject({ reasonCode: 'invalid_tracker_payload', reason: [{ path: '/url' }] });
  });

  it('stores the event of a GET pixel request and answers with a GIF', async () => {
    const event = trackerEvent({
      e: 'ue',
      ue_pr: selfDescribing('iglu:com.bof/copy/jsonschema/1-0-0', { wordsCopied: 4 }),
    });
    const response = await handlers.pixel(
      new Request(`http://localhost/api/collector/i?${new URLSearchParams(event)}`),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(await storedIds()).toContain(event.eid);
    expect((await handlers.pixel(new Request('http://localhost/api/collector/i'))).status).toBe(400);
  });

  it('answers 503 and acknowledges nothing when the store fails', async () => {
    const failing = createCollectorHandlers({
      collector: async () => ({
        record: async () => {
          throw new Error('disk full');
        },
      }),
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await failing.post(
        new Request(URL_POST, { method: 'POST', body: JSON.stringify(envelope([trackerEvent()])) }),
      );
      expect(response.status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
