import { describe, expect, it, vi } from 'vitest';
import { BillingUnavailableError } from '@bof/billing/billing-provider';
import { SubscriptionUpgradeError } from '../../errors/subscription-errors';
import { billingInfoIn, subscriptionRecord } from './billing-test-fixtures';
import {
  previewIndividualUpgrade,
  upgradeIndividualSubscription,
  type UpgradeInput,
} from './upgrade-individual-subscription';

const now = new Date('2026-11-22T12:00:00Z');

/** A Standard member whose provider answers `previewPlanChange` with `priced`. */
const previewDeps = (priced: () => Promise<never>) => ({
  repo: { subscriptionsOf: async () => [subscriptionRecord()] },
  provider: { getBillingInfo: async () => billingInfoIn('GB'), previewPlanChange: priced },
  now: () => now,
});

describe('previewIndividualUpgrade', () => {
  it('answers a provider outage as a SubscriptionUpgradeError, BILLING_UNAVAILABLE', async () => {
    const deps = previewDeps(async () => {
      throw new BillingUnavailableError('Recurly could not be reached.');
    });
    const preview = previewIndividualUpgrade(deps, {
      userId: 'reader-1',
      planCode: 'individuals_premium_yearly_v1',
    });
    await expect(preview).rejects.toBeInstanceOf(SubscriptionUpgradeError);
    await expect(preview).rejects.toMatchObject({ reason: 'BILLING_UNAVAILABLE' });
  });

  it('passes a refusal on with its own reason', async () => {
    const deps = previewDeps(async () => {
      throw new Error('not called');
    });
    await expect(
      previewIndividualUpgrade(deps, { userId: 'reader-1', planCode: 'topic_beauty_yearly_v1' }),
    ).rejects.toMatchObject({ reason: 'NOT_AN_UPGRADE' });
  });

  it('lets an unexpected failure through as it is', async () => {
    const broken = new TypeError('a bug');
    const deps = previewDeps(async () => {
      throw broken;
    });
    await expect(
      previewIndividualUpgrade(deps, { userId: 'reader-1', planCode: 'individuals_premium_yearly_v1' }),
    ).rejects.toBe(broken);
  });
});

describe('upgradeIndividualSubscription', () => {
  it("describes the upgraded subscription, taxed for the card's country", async () => {
    const upgraded = subscriptionRecord({ planCode: 'individuals_premium_yearly_v1' });
    const receipt = {
      subscription: upgraded,
      previousPlanCode: 'individuals_standard_yearly_trial_v1',
      amountCharged: 20_000,
      currency: 'GBP' as const,
      invoiceId: 'inv-1',
    };
    const upgrade = vi.fn(async () => receipt);
    const input: UpgradeInput = {
      userId: 'reader-1',
      planCode: 'individuals_premium_yearly_v1',
      currency: 'GBP',
      idempotencyKey: 'key-0123456789abcdef',
      expectedDueToday: 20_000,
    };
    const described = await upgradeIndividualSubscription(
      { upgrade, provider: { getBillingInfo: async () => billingInfoIn('GB') }, now: () => now },
      input,
    );
    expect(upgrade).toHaveBeenCalledWith(input);
    expect(described).toMatchObject({
      previousPlanCode: 'individuals_standard_yearly_trial_v1',
      amountCharged: 20_000,
      invoiceId: 'inv-1',
      subscription: { record: upgraded, isTrial: false, plan: { title: 'Premium' } },
    });
    expect(described.subscription.price.taxInfo.region).toBe('GB');
  });
});
