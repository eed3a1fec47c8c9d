import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingModule } from '@bof/api/billing';
import { startProduct, type StartedProduct } from '../../../../server/testing/start-product';
import { MAX_WEBHOOK_BODY_BYTES, createRecurlyWebhookHandler } from './webhook-handler';

// The webhook endpoint over the product's billing module on the billing simulator. The test signs its
// deliveries as Recurly does, with the key the site generated in its data folder.

let product: StartedProduct;
let POST: ReturnType<typeof createRecurlyWebhookHandler>;
let webhookKey = '';
const platform = {
  get billing(): BillingModule {
    return product.services.billing;
  },
  /** A `recurly-signature` header for `body`, signed with `key` (the site's by default) at `at`. */
  sign(body: string, at = new Date(), key = webhookKey) {
    const timestamp = String(at.getTime());
    return `${timestamp},${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
  },
  /** A Premium subscription bought straight from the simulator (no product record yet). */
  async buyAtProvider(userId: string) {
    const simulator = product.services.billing.simulator!;
    const token = await simulator.tokenize({
      number: '4111111111111111', // the simulator's card that always succeeds
      expMonth: 1,
      expYear: 2032,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode: 'GB',
    });
    const outcome = await simulator.purchase({
      accountCode: userId,
      email: `${userId}@example.org`,
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      billingToken: token.id,
      idempotencyKey: `edge-${userId}`,
      unitAmount: 45_000,
      country: 'GB',
      trialDays: 0,
    });
    if (outcome.kind !== 'purchased') throw new Error(outcome.kind);
    return outcome.subscription;
  },
};
beforeAll(async () => {
  product = await startProduct();
  const keyFile = path.join(product.services.env.dataDir, 'keys', 'billing-webhook-key');
  webhookKey = readFileSync(keyFile, 'utf8').trim();
  POST = createRecurlyWebhookHandler({ billing: async () => product.services.billing });
});
afterAll(async () => {
  await product?.close();
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
