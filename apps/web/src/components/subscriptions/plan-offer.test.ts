import { describe, expect, it } from 'vitest';
import { planOffer, type PackagesReader } from './plan-offer';

const premium = { code: 'individuals_premium_yearly_v1', trialDays: 0 };
const standard = { code: 'individuals_standard_yearly_trial_v1', trialDays: 14 };
const member = (over: Partial<PackagesReader> = {}): PackagesReader => ({
  planCode: standard.code,
  isMember: true,
  upgradesTo: [premium.code],
  isEligibleForTrialPurchase: false,
  ...over,
});

describe('planOffer', () => {
  it('offers a signed-out reader the trial and the payment page in their currency', () => {
    expect(planOffer({ plan: standard, currency: 'GBP', reader: null })).toEqual({
      kind: 'buy',
      trial: true,
      href: '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
    });
  });

  it('offers no trial to a reader who has had one, nor on a plan without one', () => {
    const former = member({ isMember: false, planCode: null, upgradesTo: [] });
    expect(planOffer({ plan: standard, currency: 'EUR', reader: former })).toMatchObject({ trial: false });
    expect(planOffer({ plan: premium, currency: 'EUR', reader: null })).toMatchObject({ trial: false });
  });

  it('marks a member’s own plan, offers the upgrade, and sells them nothing else', () => {
    expect(planOffer({ plan: standard, currency: 'GBP', reader: member() })).toEqual({ kind: 'current' });
    expect(planOffer({ plan: premium, currency: 'GBP', reader: member() })).toEqual({
      kind: 'upgrade',
      href: '/subscriptions/upgrade/payment/?plan=individuals_premium_yearly_v1',
    });
    expect(
      planOffer({
        plan: standard,
        currency: 'GBP',
        reader: member({ planCode: premium.code, upgradesTo: [] }),
      }),
    ).toEqual({ kind: 'member-other' });
    // A member whose plan the provider could not name is still never offered a trial.
    expect(
      planOffer({ plan: standard, currency: 'GBP', reader: member({ planCode: null, upgradesTo: [] }) }),
    ).toEqual({ kind: 'member-other' });
  });
});
