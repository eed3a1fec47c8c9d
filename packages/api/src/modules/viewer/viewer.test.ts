import { describe, expect, it } from 'vitest';
import { decideIndividualMembershipEligibility } from './membership-eligibility';
import { personalDetailsSchema } from './personal-details.inputs';
import { isUserDataComplete } from './user-data-completeness';
import type { UserDataRecord } from './user-data.repo';
import { userProfileOf } from './user-profile';

describe('decideIndividualMembershipEligibility', () => {
  it.each([
    ['no membership, never subscribed', 'None', 'None', false, [true, true, false]],
    ['no membership, subscribed before', 'None', 'None', true, [true, false, false]],
    ['individual Standard (upgradable)', 'Standard', 'Individual', true, [false, false, true]],
    [
      'individual News and Analysis (upgradable)',
      'NewsAndAnalysis',
      'Individual',
      true,
      [false, false, true],
    ],
    ['individual Premium (top plan)', 'Premium', 'Individual', true, [false, false, false]],
    ['group member', 'Standard', 'Group', false, [false, false, false]],
    ['student', 'Standard', 'Student', false, [false, false, false]],
  ] as const)('%s', (_name, level, type, hadSubscription, [purchase, trial, upgrade]) => {
    expect(
      decideIndividualMembershipEligibility({
        membershipLevel: level,
        membershipType: type,
        hasHadIndividualSubscription: hadSubscription,
      }),
    ).toEqual({
      isEligibleForPurchase: purchase,
      isEligibleForTrialPurchase: trial,
      isEligibleForUpgrade: upgrade,
    });
  });
});

describe('personalDetailsSchema', () => {
  it('accepts a complete change, trimmed', () => {
    expect(
      personalDetailsSchema.parse({
        firstName: ' Ada ',
        lastName: 'Lovelace',
        country: 'GB',
        jobFunction: 'design',
        jobIndustry: 'luxury',
        jobLevel: 'director',
        organisationTitle: ' Maison ',
      }),
    ).toMatchObject({ firstName: 'Ada', organisationTitle: 'Maison' });
  });

  it('reports every bad field at once', () => {
    const result = personalDetailsSchema.safeParse({
      firstName: '',
      lastName: 'x'.repeat(101),
      country: 'gb',
      jobFunction: 'design',
      jobIndustry: 'mining',
      jobLevel: 42,
      organisationTitle: 'Evil\u0000Corp',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'country',
      'firstName',
      'jobIndustry',
      'jobLevel',
      'lastName',
      'organisationTitle',
    ]);
  });

  it('needs at least one field: an empty change says so', () => {
    const result = personalDetailsSchema.safeParse({});
    expect(result.error?.issues).toMatchObject([
      { path: [], message: 'Give at least one detail to change.' },
    ]);
    expect(personalDetailsSchema.safeParse({ organisationTitle: null }).success).toBe(true);
  });

  it('lets optional fields be cleared with null, but not the names', () => {
    expect(personalDetailsSchema.safeParse({ country: null, organisationTitle: null }).success).toBe(true);
    expect(personalDetailsSchema.safeParse({ firstName: null }).success).toBe(false);
    expect(personalDetailsSchema.safeParse({ lastName: '<script>' }).success).toBe(false);
  });
});

describe('isUserDataComplete', () => {
  const record: UserDataRecord = {
    userId: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    jobFunction: 'design',
    jobIndustry: 'luxury',
    jobLevel: 'director',
    organisationTitle: 'Maison',
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };

  it('needs every one-more-step detail', () => {
    expect(isUserDataComplete(record)).toBe(true);
    expect(isUserDataComplete(null)).toBe(false);
    expect(isUserDataComplete({ ...record, jobLevel: null })).toBe(false);
    expect(isUserDataComplete({ ...record, organisationTitle: '' })).toBe(false);
  });
});

describe('userProfileOf', () => {
  it('takes the membership from the claims and the group account from the records', () => {
    const viewer = {
      userId: 'u1',
      email: 'u1@example.org',
      membershipLevel: 'AllAccess',
      membershipType: 'Group',
      isBofAdmin: false,
      isFirstLogin: false,
      unclaimedMembershipAccountId: null,
      isChallenged: false,
      isUserDataComplete: true,
    } as const;
    expect(
      userProfileOf(viewer, {
        planCode: null,
        group: { accountId: 'acct-1', title: 'Maison', status: 'ActiveRenewing' },
      }),
    ).toEqual({
      membershipLevel: 'AllAccess',
      membershipType: 'Group',
      membershipPlan: null,
      membershipGroupAccountId: 'acct-1',
      membershipGroupAccountTitle: 'Maison',
      membershipGroupStatus: 'ActiveRenewing',
    });
  });
});
