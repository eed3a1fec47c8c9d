import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingSimulator, type BillingSimulator } from '@bof/billing/simulator';
import { TEST_CARDS } from '@bof/billing/test-cards';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { createBillingRepo } from './billing.repo';
import { purchaseSubscription } from './purchase-subscription';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';
import { updateBillingInfo } from './update-billing-info';

let database: DatabaseHandle;
let sim: BillingSimulator;

beforeAll(async () => {
  database = await createTestDatabase();
  sim = createBillingSimulator({ store: createDrizzleSimulatorStore(database.db) });
});
afterAll(async () => {
  await database?.close();
});

const card = (number: string) =>
  sim.tokenize({
    number,
    expMonth: 9,
    expYear: 2031,
    cvc: '123',
    firstName: 'Ada',
    lastName: 'Reader',
    postalCode: 'N1',
    countryCode: 'GB',
  });

describe('replacing the card on file', () => {
  it('puts the new card on the account, for the next charge', async () => {
    const repo = createBillingRepo(database.db);
    await purchaseSubscription(
      { repo, provider: sim, now: () => new Date() },
      {
        userId: 'card-user',
        email: 'card@example.org',
        planCode: 'topic_beauty_yearly_v1',
        currency: 'GBP',
        country: 'GB',
        billingToken: (await card(TEST_CARDS.success)).id,
        idempotencyKey: 'card-user-purchase-1',
      },
    );
    const replaced = await updateBillingInfo(
      { provider: sim },
      { userId: 'card-user', billingToken: (await card(TEST_CARDS.threeDSecure)).id },
    );
    expect(replaced.card).toMatchObject({ firstSix: '400000', lastFour: '3220', expMonth: 9 });
    expect(await sim.getBillingInfo('card-user')).toEqual(replaced);
  });

  it('refuses a token the provider does not know, changing nothing', async () => {
    const before = await sim.getBillingInfo('card-user');
    await expect(
      updateBillingInfo({ provider: sim }, { userId: 'card-user', billingToken: 'tok_unknown' }),
    ).rejects.toMatchObject({
      reason: 'PURCHASE_ERROR',
      message: expect.stringMatching(/could not save that card/),
    });
    expect(await sim.getBillingInfo('card-user')).toEqual(before);
  });
});
