import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingUnavailableError, type BillingProvider } from '@bof/billing/billing-provider';
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

const token = async (number: string, countryCode = 'GB') =>
  (
    await sim.tokenize({
      number,
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode,
    })
  ).id;
let n = 0;
const input = async (over: Partial<PurchaseInput> & { card?: string } = {}): Promise<PurchaseInput> => ({
  userId: `user-${++n}`,
  email: `reader${n}@example.org`,
  planCode: 'individuals_premium_yearly_v1',
  currency: 'GBP',
  country: 'GB',
  billingToken: await token(over.card ?? TEST_CARDS.success, over.country ?? 'GB'),
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

  it('refuses a currency not sold to the reader, and a key reused for another purchase', async () => {
    expect(await code(purchaseSubscription(deps(), await input({ currency: 'JPY' })))).toBe(
      'INVALID_CURRENCY',
    );
    // Rupee prices are for cards billed in India.
    const rupees = await input({ currency: 'INR' });
    expect(await code(purchaseSubscription(deps(), rupees))).toBe('INVALID_CURRENCY');
    expect(await sim.listSubscriptions(rupees.userId)).toEqual([]);
    const indian = await input({ currency: 'INR', country: 'IN' });
    expect(await purchaseSubscription(deps(), indian)).toMatchObject({ currency: 'INR' });
    expect((await sim.listInvoices(indian.userId)).map((i) => [i.total, i.tax])).toEqual([
      [3_776_000, 576_000],
    ]);

    const used = await input();
    await purchaseSubscription(deps(), used);
    expect(
      await code(purchaseSubscription(deps(), { ...(await input()), idempotencyKey: used.idempotencyKey })),
    ).toBe('TRANSACTION_ERROR');
  });

  it("taxes by the card's country and refuses a purchase claiming another", async () => {
    const request = await input({ card: TEST_CARDS.success, country: 'FR' });
    expect(await code(purchaseSubscription(deps(), { ...request, country: 'GB' }))).toBe('PURCHASE_ERROR');
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);
    await purchaseSubscription(deps(), {
      ...request,
      currency: 'EUR',
      idempotencyKey: `${request.idempotencyKey}-2`,
    });
    expect((await sim.listInvoices(request.userId)).map((i) => [i.subtotal, i.tax])).toEqual([
      [52_000, 10_400],
    ]);
  });

  it('two purchases with different keys at once (two tabs) make one charge', async () => {
    const first = await input();
    const tabs = await Promise.allSettled(
      Array.from({ length: 6 }, async (_, i) =>
        purchaseSubscription(deps(), {
          ...first,
          idempotencyKey: `${first.idempotencyKey}-tab-${i}`,
          billingToken: await token(TEST_CARDS.success),
        }),
      ),
    );
    expect(tabs.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    const refused = tabs.filter((t): t is PromiseRejectedResult => t.status === 'rejected');
    expect(refused.map((t) => (t.reason as SubscriptionPurchaseError).reason)).toEqual(
      Array(5).fill('ALREADY_HAS_MEMBERSHIP'),
    );
    expect(await sim.listSubscriptions(first.userId)).toHaveLength(1);
    expect(await sim.listInvoices(first.userId)).toHaveLength(1);
    expect(await repo.subscriptionsOf(first.userId)).toHaveLength(1);
  });

  it('a second tab of another plan, after the first bought, is refused and charges nothing', async () => {
    const first = await input({ planCode: 'topic_beauty_yearly_v1' });
    const [a, b] = await Promise.allSettled([
      purchaseSubscription(deps(), first),
      purchaseSubscription(deps(), {
        ...first,
        planCode: 'executive_allaccess_yearly_v1',
        idempotencyKey: `${first.idempotencyKey}-other`,
        billingToken: await token(TEST_CARDS.success),
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(await sim.listInvoices(first.userId)).toHaveLength(1);
  });

  it('offers no second free trial: INELIGIBLE_FOR_TRIAL, or the plan paid from today', async () => {
    const lapsed = await input({ planCode: 'individuals_standard_yearly_trial_v1' });
    // A membership held before (a paid year that has ended), as the provider reports it.
    await repo.syncSubscription(lapsed.userId, {
      uuid: `old-${lapsed.userId}`,
      accountCode: lapsed.userId,
      planCode: 'individuals_premium_yearly_v1',
      state: 'EXPIRED',
      currency: 'GBP',
      unitAmount: 45_000,
      activatedAt: new Date('2024-01-01T00:00:00Z'),
      cancelledAt: new Date('2024-06-01T00:00:00Z'),
      expiresAt: new Date('2025-01-01T00:00:00Z'),
      trialEndsAt: null,
      currentPeriodStartedAt: new Date('2024-01-01T00:00:00Z'),
      currentPeriodEndsAt: new Date('2025-01-01T00:00:00Z'),
      currentTermEndsAt: new Date('2025-01-01T00:00:00Z'),
      isInDunning: false,
      activeInvoiceId: null,
      couponCodes: [],
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    expect(await code(purchaseSubscription(deps(), lapsed))).toBe('INELIGIBLE_FOR_TRIAL');
    expect(await sim.listSubscriptions(lapsed.userId)).toEqual([]);
    // The same key, now without the trial: charged today, a year of Standard with VAT.
    const sub = await purchaseSubscription(deps(), { ...lapsed, withTrial: false });
    expect(sub).toMatchObject({ planCode: 'individuals_standard_yearly_trial_v1', trialEndsAt: null });
    expect((await sim.listInvoices(lapsed.userId)).map((i) => i.total)).toEqual([30_000]);
  });

  it('fails closed when the provider is unreachable: nothing granted, and says nothing was charged', async () => {
    const down: Pick<BillingProvider, 'purchase' | 'listSubscriptions'> = {
      listSubscriptions: (account) => sim.listSubscriptions(account),
      purchase: async () => {
        throw new BillingUnavailableError('connect ECONNREFUSED', { mayHaveCharged: false });
      },
    };
    const request = await input();
    await expect(purchaseSubscription({ ...deps(), provider: down }, request)).rejects.toThrow(
      'you have not been charged',
    );
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);
    // The provider answers again: the same key buys, once.
    await purchaseSubscription(deps(), request);
    expect(await sim.listInvoices(request.userId)).toHaveLength(1);
  });

  it('after a timeout never says nothing was charged; the retry with the same key is the one charge', async () => {
    // The provider charges, then the answer is lost (a timeout after the request went out).
    const lost: Pick<BillingProvider, 'purchase' | 'listSubscriptions'> = {
      listSubscriptions: (account) => sim.listSubscriptions(account),
      purchase: async (request) => {
        await sim.purchase(request);
        throw new BillingUnavailableError('Request timed out', { mayHaveCharged: true });
      },
    };
    const request = await input();
    const failure = purchaseSubscription({ ...deps(), provider: lost }, request);
    await expect(failure).rejects.toMatchObject({ reason: 'TRANSACTION_ERROR' });
    await expect(failure).rejects.not.toThrow(/not been charged/);
    await expect(failure).rejects.toThrow('will not charge you twice');
    expect(await repo.subscriptionsOf(request.userId)).toEqual([]);

    const sub = await purchaseSubscription(deps(), request);
    expect(sub).toMatchObject({ state: 'ACTIVE', planCode: 'individuals_premium_yearly_v1' });
    expect(await sim.listSubscriptions(request.userId)).toHaveLength(1);
    expect(await sim.listInvoices(request.userId)).toHaveLength(1);
    expect(await repo.findPurchase(request.idempotencyKey)).toMatchObject({
      status: 'succeeded',
      subscriptionUuid: sub.uuid,
    });
  });

  it('refuses to buy while the provider cannot be asked what the reader already has', async () => {
    const dark: Pick<BillingProvider, 'purchase' | 'listSubscriptions'> = {
      listSubscriptions: async () => {
        throw new BillingUnavailableError('Recurly answered 503', { mayHaveCharged: false });
      },
      purchase: (request) => sim.purchase(request),
    };
    const request = await input();
    await expect(purchaseSubscription({ ...deps(), provider: dark }, request)).rejects.toThrow(
      'you have not been charged',
    );
    expect(await sim.listSubscriptions(request.userId)).toEqual([]);
    expect(await repo.findPurchase(request.idempotencyKey)).toMatchObject({ status: 'refused' });
  });

  it('takes over an attempt left pending by a request that died mid-call', async () => {
    const request = await input();
    await repo.claimPurchase({
      idempotencyKey: 'dead-request',
      userId: request.userId,
      kind: 'purchase',
      planCode: request.planCode,
      currency: 'GBP',
    });
    await database.db.execute(
      sql`update billing_purchases set updated_at = now() - interval '2 minutes' where idempotency_key = 'dead-request'`,
    );
    const sub = await purchaseSubscription(deps(), request);
    expect(sub.state).toBe('ACTIVE');
    expect(await repo.findPurchase('dead-request')).toMatchObject({ status: 'failed' });
  });
});
