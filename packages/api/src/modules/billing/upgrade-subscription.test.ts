import { describe, expect, it } from 'vitest';
import { findPlan } from '@bof/billing/plans';
import type { Membership } from './membership';
import { upgradeRefusal } from './upgrade-subscription';

const on = (planCode: string, status: Membership['status'] = 'ActiveRenewing') => ({
  status,
  plan: findPlan(planCode)!,
});
const NONE = { status: 'None', plan: null } as const;

describe('upgradeRefusal', () => {
  it.each([
    [
      'Standard to Premium',
      on('individuals_standard_yearly_trial_v1'),
      'individuals_premium_yearly_v1',
      null,
    ],
    [
      'Standard in its trial to Premium',
      on('individuals_standard_yearly_trial_v1', 'ActiveTrial'),
      'individuals_premium_yearly_v1',
      null,
    ],
    [
      'News & Analysis to Standard',
      on('individual_annual_trial_v1'),
      'individuals_standard_yearly_trial_v1',
      null,
    ],
    ['Beauty to Premium', on('topic_beauty_yearly_v1'), 'individuals_premium_yearly_v1', null],
    ['no membership', NONE, 'individuals_premium_yearly_v1', 'NO_CURRENT_SUBSCRIPTION'],
    [
      'a cancelled membership',
      on('individuals_standard_yearly_trial_v1', 'ActiveCanceled'),
      'individuals_premium_yearly_v1',
      'NO_CURRENT_SUBSCRIPTION',
    ],
    [
      'an expired membership',
      { status: 'Expired', plan: null },
      'individuals_premium_yearly_v1',
      'NO_CURRENT_SUBSCRIPTION',
    ],
    [
      'a plan not in the catalogue',
      on('individuals_standard_yearly_trial_v1'),
      'gold_v9',
      'PLAN_NOT_FOR_SALE',
    ],
    [
      'the plan held',
      on('individuals_standard_yearly_trial_v1'),
      'individuals_standard_yearly_trial_v1',
      'SAME_PLAN',
    ],
    [
      'Premium, the top plan, to itself',
      on('individuals_premium_yearly_v1'),
      'individuals_premium_yearly_v1',
      'SAME_PLAN',
    ],
    [
      'Premium down to Standard',
      on('individuals_premium_yearly_v1'),
      'individuals_standard_yearly_trial_v1',
      'NOT_AN_UPGRADE',
    ],
    [
      'Standard across to Beauty',
      on('individuals_standard_yearly_trial_v1'),
      'topic_beauty_yearly_v1',
      'NOT_AN_UPGRADE',
    ],
  ] as const)('%s', (_name, membership, planCode, expected) => {
    expect(upgradeRefusal(membership, planCode)).toBe(expected);
  });
});
