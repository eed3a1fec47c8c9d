import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCollector } from '@bof/api/analytics-collector';
import { startProduct, type StartedProduct } from '../testing/start-product';
import { handleCollectorRequest } from './collector-entry';
import { createCollectorHandlers } from './collector-handlers';

// The collector answered by the server itself, over HTTP, as server.ts mounts it in front of Next.js:
// what it does not answer goes on (here, to a 418 standing for Next.js).
let product: StartedProduct;
let collector: AnalyticsCollector;
let server: Server;
let base: string;
beforeAll(async () => {
  product = await startProduct();
  collector = product.services.analyticsCollector!;
  const handlers = createCollectorHandlers({ collector: async () => collector });
  server = createServer((req, res) => {
    if (handleCollectorRequest(req, res, handlers)) return;
    res.writeHead(418).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await product?.close();
});

const POST_PATH = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
let sequence = 0;
const event = () => ({
  e: 'pv',
  eid: `7a1c2b3d-4e5f-4a6b-8c7d-${String(++sequence).padStart(12, '0')}`,
  tv: 'js-4.10.1',
  p: 'web',
  aid: 'frontend',
  url: 'http://localhost/',
  dtm: '1795400000000',
});
const envelope = (events: unknown[]) =>
  JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
    data: events,
  });
const storedIds = async () => (await collector.recentEvents(1000)).map((row) => row.eventId);

describe('the collector in front of Next.js', () => {
  it('stores a batch posted over HTTP and answers 200 after storing it', async () => {
    const events = [event(), event()];
    const response = await fetch(`${base}${POST_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: envelope(events),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', collected: 2, rejected: 0 });
    expect(await storedIds()).toEqual(expect.arrayContaining(events.map((e) => e.eid)));
  });

  it('refuses a streamed body past 40000 bytes with 413, storing nothing of it', async () => {
    const big = { ...event(), pad: 'x'.repeat(50_000) };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(envelope([big]));
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const response = await fetch(`${base}${POST_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await storedIds()).not.toContain(big.eid);
  });

  it('refuses a declared length past 40000 bytes at once, unread, and closes the connection', async () => {
    // The client declares 50000 bytes and sends only the first thousand: the answer must not wait for more.
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const sending = request(`${base}${POST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '50000' },
      });
      sending.on('response', resolve).on('error', reject);
      sending.write('x'.repeat(1000));
    });
    answer.resume();
    expect(answer.statusCode).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await fetch(`${base}${POST_PATH}`, { method: 'POST', body: '{not json' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBeTruthy();
  });

  it('answers the pixel with a GIF and stores its event', async () => {
    const pixel = event();
    const response = await fetch(`${base}/api/collector/i/?${new URLSearchParams(pixel)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await storedIds()).toContain(pixel.eid);
  });

  it('leaves every other method and address to Next.js', async () => {
    for (const [method, path] of [
      ['GET', POST_PATH],
      ['OPTIONS', POST_PATH],
      ['POST', '/api/collector/com.snowplowanalytics.snowplow/tp2'],
      ['POST', '/api/collector/i/'],
      ['HEAD', '/api/collector/i/'],
      ['GET', '/api/collector/i/extra/'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, redirect: 'manual' });
      expect(response.status, `${method} ${path}`).toBe(418);
    }
  });
});
