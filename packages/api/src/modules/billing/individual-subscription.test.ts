import { describe, expect, it } from 'vitest';
import { BillingUnavailableError, type BillingInfo } from '@bof/billing/billing-provider';
import { billingInfoIn, subscriptionRecord } from './billing-test-fixtures';
import { billingCountryOf, describeIndividualSubscription } from './individual-subscription';

const now = new Date('2026-11-22T12:00:00Z');

const provider = (answer: () => Promise<BillingInfo | null>) => ({ getBillingInfo: answer });

describe('billingCountryOf', () => {
  const down = async (): Promise<BillingInfo | null> => {
    throw new BillingUnavailableError('down');
  };
  it.each<[string, () => Promise<BillingInfo | null>, string]>([
    ["the card's country", async () => billingInfoIn('FR'), 'FR'],
    ['no card on file', async () => null, 'GB'],
    ['a card without a country', async () => billingInfoIn(''), 'GB'],
    ['the provider not answering', down, 'GB'],
  ])('%s', async (_name, answer, expected) => {
    expect(await billingCountryOf({ provider: provider(answer) }, 'reader-1', 'GB')).toBe(expected);
  });
});

describe('describeIndividualSubscription', () => {
  it("names the plan, and prices it with the tax of the card's country", async () => {
    const described = await describeIndividualSubscription(
      { provider: provider(async () => billingInfoIn('FR')), now: () => now },
      subscriptionRecord({ currency: 'EUR' }),
      'GB',
    );
    expect(described.plan.title).toBe('Standard');
    expect(described.isTrial).toBe(false);
    expect(described.price).toMatchObject({ currency: 'EUR', itemPrice: 29_000 });
    expect(described.price.taxInfo.region).toBe('FR');
  });

  it('is in its trial until the trial ends, on the billing clock', async () => {
    const deps = { provider: provider(async () => null), now: () => now };
    const inTrial = subscriptionRecord({ trialEndsAt: new Date('2026-12-01T00:00:00Z') });
    expect((await describeIndividualSubscription(deps, inTrial, 'GB')).isTrial).toBe(true);
    const ended = subscriptionRecord({ trialEndsAt: now });
    expect((await describeIndividualSubscription(deps, ended, 'GB')).isTrial).toBe(false);
  });

  it('refuses a subscription to a plan the catalogue does not have', async () => {
    await expect(
      describeIndividualSubscription(
        { provider: provider(async () => null), now: () => now },
        subscriptionRecord({ planCode: 'retired_plan_v0' }),
        'GB',
      ),
    ).rejects.toThrow(/retired_plan_v0/);
  });
});
