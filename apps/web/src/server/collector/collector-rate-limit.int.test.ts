import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCollector } from '@bof/api/analytics-collector';
import { CLIENT_ADDRESS_HEADER } from '@bof/http/client-ip';
import { startProduct, type StartedProduct } from '../testing/start-product';
import { createCollectorHandlers } from './collector-handlers';
import { createClientRateLimiter } from './collector-rate-limit';

// The attack of the security review: 200 junk bodies of 39 KB from one address in 4 s were all stored.
// The collector's edge over the product's embedded collector, with the product's default limit (a burst of
// 200 units, 10 a second, a unit per started 4 KB) and a clock the test moves.
let product: StartedProduct;
let collector: AnalyticsCollector;
const clock = { t: 0 };
let handlers: ReturnType<typeof createCollectorHandlers>;

beforeAll(async () => {
  product = await startProduct();
  collector = product.services.analyticsCollector!;
  const limiter = createClientRateLimiter({
    ...product.services.env.analytics.collectorRateLimit,
    now: () => clock.t,
  });
  handlers = createCollectorHandlers({
    collector: async () => collector,
    rateLimit: async () => ({
      limiter,
      clientOf: (request) => request.header(CLIENT_ADDRESS_HEADER) ?? 'unknown',
    }),
  });
});
afterAll(async () => product?.close());

const URL_POST = 'http://localhost/api/collector/com.snowplowanalytics.snowplow/tp2/';
const post = (from: string, body: string, headers: Record<string, string> = {}) =>
  handlers.post(
    new Request(URL_POST, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        'content-length': String(Buffer.byteLength(body)),
        [CLIENT_ADDRESS_HEADER]: from,
        ...headers,
      },
    }),
  );

let sequence = 0;
const trackerBatch = (events = 1) =>
  JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
    data: Array.from({ length: events }, () => ({
      e: 'pv',
      eid: `7a0c2a4e-8b1d-4c3e-9a7f-${String(++sequence).padStart(12, '0')}`,
      tv: 'js-4.10.1',
      p: 'web',
      aid: 'frontend',
      url: 'http://localhost/topics/beauty/',
      dtm: '1795400000000',
    })),
  });

const badRowsFrom = async (marker: string) =>
  (await collector.recentBadRows(10_000)).filter((row) => row.payload.includes(marker)).length;

describe('the collector rate limit', () => {
  it('answers 429 with Retry-After once a client has sent its burst of junk, and stores no more of it', async () => {
    const junk = JSON.stringify({ junk: 'x'.repeat(39_000), marker: 'junk-203.0.113.9' });
    const statuses: number[] = [];
    let firstRefusal: Response | undefined;
    // 200 bodies in 4 s: one every 20 ms.
    for (let i = 0; i < 200; i++) {
      clock.t += 20;
      const response = await post('203.0.113.9', junk);
      statuses.push(response.status);
      if (response.status === 429) firstRefusal ??= response;
    }
    const stored = await badRowsFrom('junk-203.0.113.9');
    // 20 at once (10 units each), then one every second.
    expect(stored).toBeLessThanOrEqual(24);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(176);
    expect(firstRefusal!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await firstRefusal!.json()).toEqual({
      error: {
        code: 'collector_rate_limited',
        message: expect.stringMatching(/^Too many events from this address\. Send them again in \d+ s\.$/),
      },
    });
    // Another reader is not held up by the flood, and the flooder is served again once it waits.
    expect((await post('198.51.100.20', trackerBatch())).status).toBe(200);
    clock.t += Number(firstRefusal!.headers.get('retry-after')) * 1000 + 60_000;
    expect((await post('203.0.113.9', trackerBatch())).status).toBe(200);
  });

  it('counts a chunked body by what it held: it cannot pass for one unit', async () => {
    const body = JSON.stringify({ junk: 'y'.repeat(39_000), marker: 'chunked-192.0.2.44' });
    let accepted = 0;
    for (let i = 0; i < 60; i++) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      });
      const response = await handlers.post(
        new Request(URL_POST, {
          method: 'POST',
          body: stream,
          headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '192.0.2.44' },
          duplex: 'half',
        } as RequestInit),
      );
      if (response.status !== 429) accepted += 1;
    }
    expect(accepted).toBeLessThanOrEqual(21);
  });

  it("does not hurt a reader's tracker: a page's burst of events, then page pings for an hour", async () => {
    const reader = '198.51.100.77';
    // A page view with its consent, wall, scroll and click events: 40 one-event posts at once.
    for (let i = 0; i < 40; i++) expect((await post(reader, trackerBatch())).status).toBe(200);
    // A batch of 10 events (a few KB) now and then, and a page ping every 10 s for an hour.
    for (let second = 0; second < 3600; second += 10) {
      clock.t += 10_000;
      expect((await post(reader, trackerBatch(second % 300 === 0 ? 10 : 1))).status).toBe(200);
    }
  });
});
