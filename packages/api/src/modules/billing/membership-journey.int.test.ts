import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const now = () => new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createBillingRepo(database.db);
  sim = createBillingSimulator({ store: createDrizzleSimulatorStore(database.db) });
});
afterAll(async () => {
  await database?.close();
});

const deps = () => ({ repo, provider: sim, now });
const userId = 'journey-user';

describe('a membership from purchase to cancellation', () => {
  it('buys Standard with a trial, upgrades to Premium paying the preview, takes the save offer once, then cancels', async () => {
    const token = await sim.tokenize({
      number: TEST_CARDS.success,
      expMonth: 3,
      expYear: 2031,
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode: 'GB',
    });
    await purchaseSubscription(deps(), {
      userId,
      email: 'journey@example.org',
      planCode: 'individuals_standard_yearly_trial_v1',
      currency: 'GBP',
      country: 'GB',
      billingToken: token.id,
      idempotencyKey: 'journey-buy',
    });
    expect(membershipFrom(await repo.subscriptionsOf(userId), now())).toMatchObject({
      level: 'Standard',
      status: 'ActiveTrial',
    });

    await expect(
      previewSubscriptionUpgrade(deps(), { userId, planCode: 'students_standard_yearly_v1' }),
    ).rejects.toBeInstanceOf(SubscriptionUpgradeError);
    const preview = await previewSubscriptionUpgrade(deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
    });
    // During a trial nothing is credited: the whole first year of Premium, with UK VAT.
    expect(preview).toMatchObject({
      currency: 'GBP',
      planFee: 45_000,
      proRata: 0,
      dueToday: 54_000,
      total: 54_000,
    });
    const upgrade = await purchaseSubscriptionUpgrade(deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
      idempotencyKey: 'journey-up',
    });
    expect(upgrade.charged).toBe(preview.dueToday);
    const again = await purchaseSubscriptionUpgrade(deps(), {
      userId,
      planCode: 'individuals_premium_yearly_v1',
      idempotencyKey: 'journey-up',
    });
    expect(again.charged).toBe(preview.dueToday);
    expect((await sim.listInvoices(userId)).map((i) => i.total)).toEqual([54_000]);
    expect(membershipFrom(await repo.subscriptionsOf(userId), now())).toMatchObject({
      level: 'Premium',
      status: 'ActiveRenewing',
    });

    expect(await cancellationDiscount(deps(), userId)).toMatchObject({ discountPercent: 30 });
    await redeemCancellationDiscount(deps(), userId);
    expect(await cancellationDiscount(deps(), userId)).toBe(null);
    await expect(redeemCancellationDiscount(deps(), userId)).rejects.toThrow('already been used');

    const cancelled = await cancelSubscription(deps(), {
      userId,
      reason: 'other',
      reasonOther: 'Moving to a team plan',
    });
    expect(cancelled).toMatchObject({
      state: 'CANCELED',
      cancellationReason: 'other',
      cancellationReasonOther: 'Moving to a team plan',
    });
    const membership = membershipFrom(await repo.subscriptionsOf(userId), now());
    expect(membership).toMatchObject({ level: 'Premium', status: 'ActiveCanceled' });
    expect(membership.periodEndsAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(await cancellableSubscription(deps(), userId)).toBe(null);
  });

  it('reconciliation repairs a state change whose webhook never arrived', async () => {
    const token = await sim.tokenize({
      number: TEST_CARDS.success,
      expMonth: 3,
      expYear: 2031,
      cvc: '123',
      firstName: 'Bo',
      lastName: 'Reader',
      postalCode: 'N1',
      countryCode: 'FR',
    });
    const sub = await purchaseSubscription(deps(), {
      userId: 'gap-user',
      email: 'gap@example.org',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'EUR',
      country: 'FR',
      billingToken: token.id,
      idempotencyKey: 'gap-buy',
    });
    await sim.cancel(sub.uuid);
    expect((await repo.findSubscription(sub.uuid))?.state).toBe('ACTIVE');
    const result = await reconcileSubscriptions(deps());
    expect(result.subscriptions).toBeGreaterThanOrEqual(2);
    expect((await repo.findSubscription(sub.uuid))?.state).toBe('CANCELED');
  });
});
