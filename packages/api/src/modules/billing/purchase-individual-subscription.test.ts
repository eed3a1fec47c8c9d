import { describe, expect, it, vi } from 'vitest';
import { PLANS } from '@bof/billing/plans';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';
import { billingInfoIn, subscriptionRecord } from './billing-test-fixtures';
import { isSoldIndividually, purchaseIndividualSubscription } from './purchase-individual-subscription';
import type { PurchaseInput } from './purchase-subscription';

const now = new Date('2026-11-22T12:00:00Z');

describe('isSoldIndividually', () => {
  it.each([
    ['individuals_standard_yearly_trial_v1', true],
    ['individual_annual_trial_v1', true],
    ['individuals_premium_yearly_v1', true],
    ['topic_beauty_yearly_v1', true],
    ['executive_allaccess_yearly_v1', true],
    ['students_standard_yearly_v1', false],
    ['organisations_bundle_volume_yearly_v1', false],
    ['no_such_plan_v1', false],
  ])('%s: %s', (planCode, expected) => {
    expect(isSoldIndividually(planCode)).toBe(expected);
  });

  it('sells every individual, topic and executive plan of the catalogue, and nothing else', () => {
    const sold = PLANS.filter((p) => isSoldIndividually(p.code)).map((p) => p.channel);
    expect(new Set(sold)).toEqual(new Set(['individual', 'topic', 'executive']));
  });
});

const input = (over: Partial<PurchaseInput> = {}): PurchaseInput => ({
  userId: 'reader-1',
  email: 'reader-1@example.org',
  planCode: 'individuals_standard_yearly_trial_v1',
  currency: 'GBP',
  country: 'GB',
  billingToken: 'tok',
  idempotencyKey: 'key-0123456789abcdef',
  ...over,
});

describe('purchaseIndividualSubscription', () => {
  it('refuses a plan sold elsewhere without calling the purchase', async () => {
    const purchase = vi.fn();
    const deps = { purchase, provider: { getBillingInfo: vi.fn() }, now: () => now };
    const refused = purchaseIndividualSubscription(deps, input({ planCode: 'students_standard_yearly_v1' }));
    await expect(refused).rejects.toBeInstanceOf(SubscriptionPurchaseError);
    await expect(refused).rejects.toMatchObject({ reason: 'PURCHASE_ERROR' });
    expect(purchase).not.toHaveBeenCalled();
  });

  it("describes what it bought, taxed for the card's country", async () => {
    const bought = subscriptionRecord({ trialEndsAt: new Date('2026-12-22T12:00:00Z') });
    const deps = {
      purchase: vi.fn(async () => bought),
      provider: { getBillingInfo: async () => billingInfoIn('FR') },
      now: () => now,
    };
    const described = await purchaseIndividualSubscription(deps, input());
    expect(deps.purchase).toHaveBeenCalledWith(input());
    expect(described).toMatchObject({ record: bought, isTrial: true, plan: { title: 'Standard' } });
    expect(described.price.taxInfo.region).toBe('FR');
  });

  it('taxes for the country the reader chose when the provider names none', async () => {
    const deps = {
      purchase: async () => subscriptionRecord(),
      provider: { getBillingInfo: async () => null },
      now: () => now,
    };
    expect((await purchaseIndividualSubscription(deps, input({ country: 'DE' }))).price.taxInfo.region).toBe(
      'DE',
    );
  });
});
