import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingProvider } from '@bof/billing/billing-provider';
import { createBillingSimulator, type BillingSimulator } from '@bof/billing/simulator';
import { TEST_CARDS } from '@bof/billing/test-cards';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
} from '../../errors/subscription-errors';
import { createBillingRepo, type BillingRepo } from './billing.repo';
import { purchaseSubscription, type PurchaseInput } from './purchase-subscription';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';

let database: DatabaseHandle;
let repo: BillingRepo;
let sim: BillingSimulator;
const now = () => new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createBillingRepo(database.db);
  sim = createBillingSimulator({ store: createDrizzleSimulatorStore(database.db) });
});
afterAll(async () => {
  await database?.close();
});

const token = async (number: string) =>
  (
    await sim.tokenize({
      number,
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode: 'GB',
    })
  ).id;
let n = 0;
const input = async (over: Partial<PurchaseInput> & { card?: string } = {}): Promise<PurchaseInput> => ({
  userId: `user-${++n}`,
  email: `reader${n}@example.org`,
  planCode: 'individuals_premium_yearly_v1',
  currency: 'GBP',
  country: 'GB',
  billingToken: await token(over.card ?? TEST_CARDS.success),
  idempotencyKey: `key-${n}-${Math.random()}`,
  ...over,
});
const deps = () => ({
  repo,
  provider: sim,
  now,
  sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20))),
});
const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof SubscriptionPurchaseError ? error.reason : (error as Error).name;
  }
};

describe('purchaseSubscription', () => {
  it('charges the success card once and records the subscription', async () => {
    const request = await input();
    const sub = await purchaseSubscription(deps(), request);
    expect(sub).toMatchObject({
      userId: request.userId,
      planCode: 'individuals_premium_yearly_v1',
      state: 'ACTIVE',
    });
    expect(await repo.findPurchase(request.idempotencyKey)).toMatchObject({
      status: 'succeeded',
      amountCharged: 54_000,
    });
  });

  it('50 concurrent identical submissions make one charge and one subscription', async () => {
    const request = await input();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => purchaseSubscription(deps(), request)),
    );
    const uuids = new Set(
      results.map((r) => (r.status === 'fulfilled' ? r.value.uuid : `rejected:${String(r.reason)}`)),
    );
    expect(uuids.size).toBe(1);
    expect(await repo.subscriptionsOf(request.userId)).toHaveLength(1);
    expect(await sim.listInvoices(request.userId)).toHaveLength(1);
  });

  it('declines the declined card, grants nothing, and answers the same to a retry', async () => {
    const request = await input({ card: TEST_CARDS.declined });
    expect(await code(purchaseSubscription(deps(), request))).toBe('PURCHASE_ERROR');
    expect(await code(purchaseSubscription(deps(), request))).toBe('PURCHASE_ERROR');
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);
  });

  it('asks for 3-D Secure, grants nothing until it passes, then grants once', async () => {
    const request = await input({ card: TEST_CARDS.threeDSecure });
    let challenge = '';
    try {
      await purchaseSubscription(deps(), request);
    } catch (error) {
      expect(error).toBeInstanceOf(SubscriptionPurchase3DSSecureError);
      challenge = (error as SubscriptionPurchase3DSSecureError).details.threeDSecureActionToken;
    }
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);
    const { resultToken } = await sim.completeChallenge(challenge, 'pass');
    const sub = await purchaseSubscription(deps(), {
      ...request,
      threeDSecureActionResultToken: resultToken!,
    });
    expect(sub.state).toBe('ACTIVE');
  });

  it('refuses a second membership, pointing to the upgrade where there is one', async () => {
    const first = await input({ planCode: 'individuals_standard_yearly_trial_v1' });
    await purchaseSubscription(deps(), first);
    const again = { ...(await input()), userId: first.userId };
    expect(
      await code(purchaseSubscription(deps(), { ...again, planCode: 'individuals_premium_yearly_v1' })),
    ).toBe('HAS_UPGRADEABLE_MEMBERSHIP');
    expect(
      await code(
        purchaseSubscription(deps(), {
          ...again,
          planCode: 'individual_annual_trial_v1',
          idempotencyKey: 'other',
        }),
      ),
    ).toBe('ALREADY_HAS_MEMBERSHIP');
  });

  it('refuses an unknown currency and a key reused for another purchase', async () => {
    expect(await code(purchaseSubscription(deps(), await input({ currency: 'JPY' })))).toBe(
      'INVALID_CURRENCY',
    );
    const used = await input();
    await purchaseSubscription(deps(), used);
    expect(
      await code(purchaseSubscription(deps(), { ...(await input()), idempotencyKey: used.idempotencyKey })),
    ).toBe('TRANSACTION_ERROR');
  });

  it('fails closed when the provider is unreachable: nothing granted, a clear message', async () => {
    const down: Pick<BillingProvider, 'purchase'> = {
      purchase: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const request = await input();
    await expect(purchaseSubscription({ ...deps(), provider: down }, request)).rejects.toThrow(
      'you have not been charged',
    );
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);
  });
});
