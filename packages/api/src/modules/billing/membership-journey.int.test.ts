import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingUnavailableError } from '@bof/billing/billing-provider';
import { createBillingSimulator, type BillingSimulator } from '@bof/billing/simulator';
import { TEST_CARDS } from '@bof/billing/test-cards';
import type { DatabaseHandle } from '@bof/db/client';
import { createTestDatabase } from '@bof/db/testing';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import { createBillingRepo, type BillingRepo } from './billing.repo';
import {
  cancelSubscription,
  cancellableSubscription,
  cancellationDiscount,
  redeemCancellationDiscount,
} from './cancel-subscription';
import { membershipFrom } from './membership';
import { purchaseSubscription } from './purchase-subscription';
import { reconcileSubscriptions } from './reconcile';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';
import { previewSubscriptionUpgrade, purchaseSubscriptionUpgrade } from './upgrade-subscription';

let database: DatabaseHandle;
let repo: BillingRepo;
let sim: BillingSimulator;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createBillingRepo(database.db);
  sim = createBillingSimulator({ store: createDrizzleSimulatorStore(database.db) });
});
afterAll(async () => {
  await database?.close();
});

/** The services' dependencies on the simulator's clock, read now (as the billing module does). */
const deps = async () => {
  const at = await sim.now();
  return { repo, provider: sim, now: () => at };
};
const DAY = 86_400_000;
const card = (firstName: string, countryCode = 'GB') =>
  sim.tokenize({
    number: TEST_CARDS.success,
    expMonth: 3,
    expYear: 2031,
    cvc: '123',
    firstName,
    lastName: 'Reader',
    postalCode: 'N1',
    countryCode,
  });
const membership = async (userId: string) =>
  membershipFrom(await repo.subscriptionsOf(userId), await sim.now());

describe('a membership from purchase to cancellation', () => {
  it('upgrades during the trial without charging, as Recurly does; the trial end bills Premium', async () => {
    const userId = 'trial-upgrader';
    await purchaseSubscription(await deps(), {
      userId,
      email: 'trial@example.org',
      planCode: 'individuals_standard_yearly_trial_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: (await card('Tia')).id,
      idempotencyKey: 'trial-buy',
    });
    await sim.advanceClock(25 * DAY);
    expect(await membership(userId)).toMatchObject({ level: 'Standard', status: 'ActiveTrial' });
    const preview = await previewSubscriptionUpgrade(await deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
    });
    // Day 25 of 30: nothing today; Premium's year with UK VAT when the trial ends.
    expect(preview).toMatchObject({ dueToday: 0, proRata: 0, taxAmount: 0, planFee: 45_000, total: 54_000 });
    const upgrade = await purchaseSubscriptionUpgrade(await deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      idempotencyKey: 'trial-up',
      expectedDueToday: 0,
    });
    expect(upgrade).toMatchObject({
      amountCharged: 0,
      invoiceId: null,
      previousPlanCode: 'individuals_standard_yearly_trial_v1',
    });
    expect(await membership(userId)).toMatchObject({ level: 'Premium', status: 'ActiveTrial' });
    expect(await sim.listInvoices(userId)).toEqual([]);
    await sim.advanceClock(6 * DAY);
    expect((await sim.listInvoices(userId)).map((i) => [i.planCode, i.total])).toEqual([
      ['individuals_premium_yearly_v1', 54_000],
    ]);
  });

  it('buys Standard, upgrades to Premium mid-term paying the preview, takes the save offer once, then cancels', async () => {
    const userId = 'journey-user';
    await purchaseSubscription(await deps(), {
      userId,
      email: 'journey@example.org',
      planCode: 'individuals_standard_yearly_trial_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: (await card('Ada')).id,
      idempotencyKey: 'journey-buy',
    });
    // The trial ends (the first year of Standard is billed), then a hundred days of it pass.
    await sim.advanceClock(31 * DAY);
    await reconcileSubscriptions(await deps());
    await sim.advanceClock(100 * DAY);
    expect(await membership(userId)).toMatchObject({ level: 'Standard', status: 'ActiveRenewing' });

    await expect(
      previewSubscriptionUpgrade(await deps(), { userId, planCode: 'students_standard_yearly_v1' }),
    ).rejects.toBeInstanceOf(SubscriptionUpgradeError);
    const preview = await previewSubscriptionUpgrade(await deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
    });
    expect(preview.proRata).toBeLessThan(0);
    expect(preview.dueToday).toBeGreaterThan(0);
    expect(preview.dueToday).toBeLessThan(54_000 - 30_000);
    const up = {
      userId,
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP' as const,
      idempotencyKey: 'journey-up',
    };
    // A stale amount (the reader saw yesterday's price) charges nothing.
    await expect(
      purchaseSubscriptionUpgrade(await deps(), {
        ...up,
        idempotencyKey: 'journey-up-stale',
        expectedDueToday: preview.dueToday + 1,
      }),
    ).rejects.toThrow(/price of this upgrade is now/);
    expect(await sim.listInvoices(userId)).toHaveLength(1);

    const upgrade = await purchaseSubscriptionUpgrade(await deps(), {
      ...up,
      expectedDueToday: preview.dueToday,
    });
    expect(upgrade.amountCharged).toBe(preview.dueToday);
    const again = await purchaseSubscriptionUpgrade(await deps(), {
      ...up,
      expectedDueToday: preview.dueToday,
    });
    expect(again).toMatchObject({ amountCharged: preview.dueToday, invoiceId: upgrade.invoiceId });
    const invoices = await sim.listInvoices(userId);
    expect(invoices.map((i) => [i.planCode, i.paid])).toEqual([
      ['individuals_standard_yearly_trial_v1', 30_000],
      ['individuals_premium_yearly_v1', preview.dueToday],
    ]);
    expect(await membership(userId)).toMatchObject({ level: 'Premium', status: 'ActiveRenewing' });

    expect(await cancellationDiscount(await deps(), userId)).toMatchObject({ discountPercent: 30 });
    await redeemCancellationDiscount(await deps(), userId);
    expect(await cancellationDiscount(await deps(), userId)).toBe(null);
    await expect(redeemCancellationDiscount(await deps(), userId)).rejects.toThrow('already been used');

    const cancelled = await cancelSubscription(await deps(), {
      userId,
      reason: 'other',
      reasonOther: 'Moving to a team plan',
    });
    expect(cancelled).toMatchObject({
      state: 'CANCELED',
      cancellationReason: 'other',
      cancellationReasonOther: 'Moving to a team plan',
    });
    const ending = await membership(userId);
    expect(ending).toMatchObject({ level: 'Premium', status: 'ActiveCanceled' });
    expect(ending.periodEndsAt!.getTime()).toBeGreaterThan((await sim.now()).getTime() + 200 * DAY);
    expect(await cancellableSubscription(await deps(), userId)).toBe(null);
  });

  it('takes the save offer back when the provider does not apply it, so it can be accepted again', async () => {
    const userId = 'offer-outage';
    await purchaseSubscription(await deps(), {
      userId,
      email: 'offer@example.org',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: (await card('Ola')).id,
      idempotencyKey: 'offer-buy',
    });
    const down = {
      ...(await deps()),
      provider: {
        ...sim,
        redeemCoupon: async () => {
          throw new BillingUnavailableError('Recurly answered 503');
        },
      },
    };
    await expect(redeemCancellationDiscount(down, userId)).rejects.toThrow(/nothing has changed/);
    expect(await cancellationDiscount(await deps(), userId)).toMatchObject({ discountPercent: 30 });
    const redeemed = await redeemCancellationDiscount(await deps(), userId);
    expect(redeemed.couponCodes).toEqual(['stay-with-us-30']);
  });

  it('reconciliation repairs a state change whose webhook never arrived, and a purchase never recorded', async () => {
    const sub = await purchaseSubscription(await deps(), {
      userId: 'gap-user',
      email: 'gap@example.org',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'EUR',
      country: 'FR',
      billingToken: (await card('Bo', 'FR')).id,
      idempotencyKey: 'gap-buy',
    });
    await sim.cancel(sub.uuid);
    expect((await repo.findSubscription(sub.uuid))?.state).toBe('ACTIVE');

    // Charged at the provider, but the product died before recording it: only the attempt is known.
    await repo.claimPurchase({
      idempotencyKey: 'lost-buy',
      userId: 'lost-user',
      kind: 'purchase',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
    });
    await sim.purchase({
      accountCode: 'lost-user',
      email: 'lost@example.org',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      billingToken: (await card('Lu')).id,
      idempotencyKey: 'lost-buy',
      unitAmount: 45_000,
      country: 'GB',
      trialDays: 0,
    });
    await repo.settlePurchase('lost-buy', { status: 'failed', message: 'timed out' });
    expect(await repo.subscriptionsOf('lost-user')).toEqual([]);

    const result = await reconcileSubscriptions(await deps());
    expect(result.subscriptions).toBeGreaterThanOrEqual(2);
    expect(result.purchasesResolved).toBe(1);
    expect((await repo.findSubscription(sub.uuid))?.state).toBe('CANCELED');
    expect(await repo.subscriptionsOf('lost-user')).toHaveLength(1);
    expect(await repo.findPurchase('lost-buy')).toMatchObject({ status: 'succeeded' });
  });
});
