import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { TEST_CARDS } from '@bof/billing/test-cards';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingModule, type BillingModule } from './billing.module';
import { purchaseSubscription } from './purchase-subscription';

// Clock moves on the billing simulator from two journeys at once (the journeys' server is shared): each
// move's round of deliveries runs in turn with every other, so each can say that nothing it caused was
// left undelivered.

let database: DatabaseHandle;
let billing: BillingModule;
let endpoint: Server;
/** While set, the endpoint holds each delivery until it settles. */
let hold: Promise<void> | null = null;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  // The webhook endpoint, over HTTP as the simulator delivers to it.
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (hold ?? Promise.resolve())
        .then(() =>
          billing.receiveWebhook(
            Buffer.concat(chunks).toString('utf8'),
            req.headers['recurly-signature'] as string,
          ),
        )
        .then((receipt) => res.writeHead(receipt.status).end());
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  billing = createBillingModule(
    {
      env: parseServerEnv({ DATA_DIR: `/tmp/simulator-clock-int-${process.pid}` }),
      db: database.db,
      database,
    },
    { webhookEndpoint: `http://127.0.0.1:${port}/` },
  );
});
afterAll(async () => {
  await billing?.settle();
  await new Promise((resolve) => endpoint?.close(resolve));
  await database?.close();
});

async function buy(userId: string) {
  const simulator = billing.simulator!;
  const card = await simulator.tokenize({
    number: TEST_CARDS.success,
    expMonth: 3,
    expYear: 2031,
    cvc: '123',
    firstName: userId,
    lastName: 'Reader',
    postalCode: 'N1',
    countryCode: 'GB',
  });
  await purchaseSubscription(await billing.deps(), {
    userId,
    email: `${userId}@example.org`,
    planCode: 'individuals_standard_yearly_trial_v1',
    currency: 'GBP',
    country: 'GB',
    billingToken: card.id,
    idempotencyKey: `buy-${userId}`,
  });
}

describe('the billing simulator clock', () => {
  it('settles once no delivery round is under way, counting one queued while it waited', async () => {
    await buy('settle-a');
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const first = billing.flushWebhooks();
    let settled = false;
    const settling = billing.settle().then(() => (settled = true));
    await buy('settle-b');
    let secondOver = false;
    const second = billing.flushWebhooks().finally(() => (secondOver = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled, 'settled while the endpoint held a delivery').toBe(false);
    release();
    hold = null;
    await settling;
    expect(secondOver, 'the round queued meanwhile was over').toBe(true);
    expect((await first) + (await second)).toBeGreaterThan(0);
  });

  it('delivers what each of two concurrent moves caused, each round in turn', async () => {
    await Promise.all(['clock-a', 'clock-b', 'clock-c'].map(buy));
    // Two moves past the trials' end (each renews, and notifies), with a stray delivery round between.
    const [first, , second] = await Promise.all([
      billing.advanceSimulatorClock(40 * DAY),
      billing.flushWebhooks(),
      billing.advanceSimulatorClock(400 * DAY),
    ]);
    expect(first!.notifications).toBeGreaterThan(0);
    expect(second!.notifications).toBeGreaterThan(0);
    expect(first!.pending).toBe(0);
    expect(second!.pending).toBe(0);
    expect(await billing.simulator!.pendingWebhooks()).toEqual([]);
  });
});
