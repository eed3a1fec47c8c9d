import { describe, expect, it } from 'vitest';
import { eligibilityFrom, isInTrial, membershipFrom, type SubscriptionFacts } from './membership';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2027-06-01T00:00:00Z');
const earlier = new Date('2026-06-01T00:00:00Z');
const sub = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  uuid: 'u1',
  planCode: 'individuals_standard_yearly_trial_v1',
  state: 'ACTIVE',
  trialEndsAt: null,
  expiresAt: null,
  currentPeriodEndsAt: later,
  ...over,
});

describe('membershipFrom (spec §4)', () => {
  it.each([
    ['no subscriptions', [], 'None', 'None', 'None'],
    ['an active plan', [sub({})], 'Standard', 'Individual', 'ActiveRenewing'],
    ['a trial', [sub({ trialEndsAt: later })], 'Standard', 'Individual', 'ActiveTrial'],
    ['a trial that ended', [sub({ trialEndsAt: earlier })], 'Standard', 'Individual', 'ActiveRenewing'],
    [
      'cancelled, paid up',
      [sub({ state: 'CANCELED', expiresAt: later })],
      'Standard',
      'Individual',
      'ActiveCanceled',
    ],
    ['cancelled, lapsed', [sub({ state: 'CANCELED', expiresAt: earlier })], 'None', 'None', 'Expired'],
    ['expired', [sub({ state: 'EXPIRED', expiresAt: earlier })], 'None', 'None', 'Expired'],
    [
      'a student plan',
      [sub({ planCode: 'students_standard_yearly_v1' })],
      'Standard',
      'Student',
      'ActiveRenewing',
    ],
    [
      'the beauty package',
      [sub({ planCode: 'topic_beauty_yearly_v1' })],
      'TopicBeauty',
      'Individual',
      'ActiveRenewing',
    ],
    [
      'beauty and premium: the higher wins',
      [
        sub({ planCode: 'topic_beauty_yearly_v1' }),
        sub({ uuid: 'u2', planCode: 'individuals_premium_yearly_v1' }),
      ],
      'Premium',
      'Individual',
      'ActiveRenewing',
    ],
  ] as const)('%s', (_name, subs, level, type, status) => {
    expect(membershipFrom(subs, now)).toMatchObject({ level, type, status });
  });
});

describe('eligibilityFrom (spec §3)', () => {
  it('a newcomer may buy, with a trial, and has nothing to upgrade', () => {
    expect(eligibilityFrom([], now)).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: true,
      isEligibleForUpgrade: false,
    });
  });

  it('a Standard member may upgrade, not buy again', () => {
    expect(eligibilityFrom([sub({})], now)).toEqual({
      isEligibleForPurchase: false,
      isEligibleForTrialPurchase: false,
      isEligibleForUpgrade: true,
    });
  });

  it('a lapsed trialist may buy again, without a second trial', () => {
    expect(
      eligibilityFrom([sub({ state: 'EXPIRED', trialEndsAt: earlier, expiresAt: earlier })], now),
    ).toEqual({
      isEligibleForPurchase: true,
      isEligibleForTrialPurchase: false,
      isEligibleForUpgrade: false,
    });
  });

  it('a lapsed paying member may buy again, without a trial', () => {
    expect(
      eligibilityFrom(
        [sub({ planCode: 'individuals_premium_yearly_v1', state: 'EXPIRED', expiresAt: earlier })],
        now,
      ),
    ).toMatchObject({ isEligibleForPurchase: true, isEligibleForTrialPurchase: false });
  });

  it('a Premium member has nothing to upgrade to', () => {
    expect(
      eligibilityFrom([sub({ planCode: 'individuals_premium_yearly_v1' })], now).isEligibleForUpgrade,
    ).toBe(false);
  });
});

describe('isInTrial', () => {
  it.each([
    ['no trial', null, false],
    ['a trial ending later', later, true],
    ['a trial that ended', earlier, false],
    ['a trial ending this instant', now, false],
  ] as const)('%s', (_name, trialEndsAt, expected) => {
    expect(isInTrial({ trialEndsAt }, now)).toBe(expected);
  });
});
