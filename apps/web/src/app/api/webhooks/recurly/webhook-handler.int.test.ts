import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestPlatform } from '@bof/api/billing-testing';
import { MAX_WEBHOOK_BODY_BYTES, createRecurlyWebhookHandler } from './webhook-handler';

let platform: Awaited<ReturnType<typeof createBillingTestPlatform>>;
let POST: ReturnType<typeof createRecurlyWebhookHandler>;
beforeAll(async () => {
  platform = await createBillingTestPlatform();
  POST = createRecurlyWebhookHandler({ billing: async () => platform.billing });
});
afterAll(async () => {
  await platform?.close();
});

const URL = 'http://localhost/api/webhooks/recurly/';
const deliver = (body: string, signature: string | null, headers: Record<string, string> = {}) =>
  POST(
    new Request(URL, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'recurly-signature': signature } : {}),
        ...headers,
      },
    }),
  );
const notification = (uuid: string, id: string, account: string) =>
  JSON.stringify({ id, object_type: 'subscription', event_type: 'canceled', uuid, account_code: account });

describe('POST /api/webhooks/recurly/', () => {
  it('applies a good delivery (200), then acknowledges its repeat without applying it again', async () => {
    const sub = await platform.buyAtProvider('route-reader-1');
    await platform.billing.simulator!.cancel(sub.uuid);
    const body = notification(sub.uuid, 'route-evt-1', 'route-reader-1');
    const first = await deliver(body, platform.sign(body));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: 'applied' });
    expect((await platform.billing.repo.findSubscription(sub.uuid))?.state).toBe('CANCELED');
    const again = await deliver(body, platform.sign(body));
    expect([again.status, await again.json()]).toEqual([200, { result: 'duplicate' }]);
  });

  it('refuses a bad signature, a missing one and a stale timestamp with 401, changing nothing', async () => {
    const sub = await platform.buyAtProvider('route-reader-2');
    await platform.billing.simulator!.cancel(sub.uuid);
    const body = notification(sub.uuid, 'route-evt-2', 'route-reader-2');
    const forged = await deliver(body, platform.sign(body, new Date(), 'not-the-site-key'));
    expect([forged.status, await forged.json()]).toEqual([401, { error: 'signature mismatch' }]);
    const missing = await deliver(body, null);
    expect(missing.status).toBe(401);
    const stale = await deliver(body, platform.sign(body, new Date(Date.now() - 6 * 60_000)));
    expect([stale.status, await stale.json()]).toEqual([401, { error: 'signature stale' }]);
    const tampered = await deliver(body.replace('canceled', 'expired'), platform.sign(body));
    expect(tampered.status).toBe(401);
    expect(await platform.billing.repo.findSubscription(sub.uuid)).toBe(null);
  });

  it('refuses a signed body that is not a notification with 400', async () => {
    const body = '{"hello":"world"}';
    const response = await deliver(body, platform.sign(body));
    expect([response.status, await response.json()]).toEqual([400, { error: 'not a notification' }]);
    const notJson = 'id=1&event=canceled';
    expect((await deliver(notJson, platform.sign(notJson))).status).toBe(400);
  });

  it('refuses an oversize body with 413 before reading it whole', async () => {
    const body = JSON.stringify({ id: 'big', pad: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES) });
    const declared = await deliver(body, platform.sign(body));
    expect([declared.status, await declared.json()]).toEqual([413, { error: 'body_too_large' }]);
    // Without a Content-Length (streamed), it is cut off once past the limit.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const streamed = await POST(
      new Request(URL, {
        method: 'POST',
        body: stream,
        headers: { 'recurly-signature': platform.sign(body) },
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('answers 503 and records nothing when the provider cannot be read, so the redelivery applies it', async () => {
    const sub = await platform.buyAtProvider('route-reader-3');
    await platform.billing.simulator!.cancel(sub.uuid);
    let down = true;
    const flaky = createRecurlyWebhookHandler({
      billing: async () => ({
        receiveWebhook: async (...args) => {
          if (down) throw new Error('Recurly answered 503');
          return platform.billing.receiveWebhook(...args);
        },
      }),
    });
    const body = notification(sub.uuid, 'route-evt-3', 'route-reader-3');
    const request = () =>
      new Request(URL, { method: 'POST', body, headers: { 'recurly-signature': platform.sign(body) } });
    expect((await flaky(request())).status).toBe(503);
    down = false;
    const redelivered = await flaky(request());
    expect([redelivered.status, await redelivered.json()]).toEqual([200, { result: 'applied' }]);
  });
});
