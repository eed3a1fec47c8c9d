import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quiltBetaTesters, userAcademicData, userData } from '@bof/db/schema';
import type { MembershipRecords } from '../../auth/membership-records';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const VIEWER = /* GraphQL */ `
  query {
    viewer {
      __typename
      ... on Error {
        message
      }
      ... on Viewer {
        userData {
          firstName
          lastName
          country
          organisationTitle
        }
        userProfile {
          membershipLevel
          membershipType
          membershipPlan
          membershipGroupAccountId
          membershipGroupAccountTitle
          membershipGroupStatus
        }
        individualMembershipEligibility {
          isEligibleForPurchase
          isEligibleForTrialPurchase
          isEligibleForUpgrade
        }
        isQuiltBetaTester
        userAcademicData {
          email
          emailVerified
          emailVerifiedDateTime
          graduationYear
        }
        organisationAccounts {
          accountId
        }
        individualAccount {
          accountId
        }
      }
    }
  }
`;

describe('viewer', () => {
  it('answers AuthError to an anonymous request', async () => {
    const { body } = await harness.post(VIEWER);
    expect(body.errors).toBeUndefined();
    expect(body.data?.viewer).toEqual({
      __typename: 'AuthError',
      message: 'You need to sign in to do this.',
    });
  });

  it('shows a new reader: no details yet, free to buy or trial a membership', async () => {
    const viewer = await harness.signIn('new-reader');
    const { body } = await harness.post(VIEWER, {}, viewer);
    expect(body.data?.viewer).toEqual({
      __typename: 'Viewer',
      userData: null,
      userProfile: {
        membershipLevel: 'None',
        membershipType: 'None',
        membershipPlan: null,
        membershipGroupAccountId: null,
        membershipGroupAccountTitle: null,
        membershipGroupStatus: null,
      },
      individualMembershipEligibility: {
        isEligibleForPurchase: true,
        isEligibleForTrialPurchase: true,
        isEligibleForUpgrade: false,
      },
      isQuiltBetaTester: false,
      userAcademicData: null,
      organisationAccounts: [],
      individualAccount: null,
    });
  });

  it("reads the reader's details, academic address and beta enrolment from the database", async () => {
    const viewer = await harness.signIn('known-reader', {
      membershipLevel: 'Standard',
      membershipType: 'Individual',
    });
    await harness.db.insert(userData).values({
      userId: 'known-reader',
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'IT',
      organisationTitle: 'Maison Example',
    });
    await harness.db.insert(userAcademicData).values({
      userId: 'known-reader',
      email: 'ada@university.example.ac.uk',
      emailVerified: true,
      emailVerificationCodeHash: 'secret-hash',
      emailVerifiedDateTime: new Date('2026-10-01T09:30:00Z'),
      graduationYear: 2027,
    });
    await harness.db.insert(quiltBetaTesters).values({ userId: 'known-reader' });

    const { body } = await harness.post(VIEWER, {}, viewer);
    expect(body.data?.viewer).toMatchObject({
      __typename: 'Viewer',
      userData: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        country: 'IT',
        organisationTitle: 'Maison Example',
      },
      userProfile: { membershipLevel: 'Standard', membershipType: 'Individual' },
      individualMembershipEligibility: {
        isEligibleForPurchase: false,
        isEligibleForTrialPurchase: false,
        isEligibleForUpgrade: true,
      },
      isQuiltBetaTester: true,
      userAcademicData: {
        email: 'ada@university.example.ac.uk',
        emailVerified: true,
        emailVerifiedDateTime: '2026-10-01T09:30:00.000Z',
        graduationYear: 2027,
      },
    });
  });

  it('never shows the academic verification code', async () => {
    const viewer = await harness.signIn('curious-reader');
    const { body } = await harness.post(
      '{ viewer { ... on Viewer { userAcademicData { emailVerificationCode } } } }',
      {},
      viewer,
    );
    expect(body.errors?.[0]?.message).toContain('emailVerificationCode');
    expect(body.data).toBeUndefined();
  });
});

describe('viewer, with what billing and organisations know of the reader', () => {
  // The port the billing module fills in production (createBillingMembershipRecords); here a group
  // seat and an organisation account too, which no module records yet.
  const records: MembershipRecords = {
    currentPlanCode: async (userId) =>
      userId === 'group-reader' ? 'organisations_bundle_volume_yearly_v1' : null,
    hasHadIndividualSubscription: async (userId) => userId === 'group-reader',
    groupMembership: async (userId) =>
      userId === 'group-reader'
        ? { accountId: 'acct-7', title: 'Maison Example', status: 'ActiveRenewing' }
        : null,
    organisationAccounts: async (userId) =>
      userId === 'group-reader' ? [{ accountId: 'acct-7', title: 'Maison Example' }] : [],
    individualAccount: async (userId) =>
      userId === 'group-reader'
        ? { accountId: 'billing-account-7', accountManagementUrl: 'https://billing.example/account' }
        : null,
  };
  let withRecords: GraphQLHarness;
  beforeAll(async () => {
    withRecords = await createGraphQLHarness({ membershipRecords: records });
  });
  afterAll(async () => {
    await withRecords?.close();
  });

  it('shows the plan, the group seat, the organisation accounts and the billing account', async () => {
    const viewer = await withRecords.signIn('group-reader', {
      membershipLevel: 'AllAccess',
      membershipType: 'Group',
    });
    const { body } = await withRecords.post(
      `{ viewer { __typename ... on Viewer {
        userProfile { membershipLevel membershipType membershipPlan membershipGroupAccountId
          membershipGroupAccountTitle membershipGroupStatus }
        individualMembershipEligibility { isEligibleForPurchase isEligibleForTrialPurchase isEligibleForUpgrade }
        organisationAccounts { accountId title }
        individualAccount { accountId accountManagementUrl }
      } } }`,
      {},
      viewer,
    );
    expect(body.data?.viewer).toEqual({
      __typename: 'Viewer',
      userProfile: {
        membershipLevel: 'AllAccess',
        membershipType: 'Group',
        membershipPlan: 'organisations_bundle_volume_yearly_v1',
        membershipGroupAccountId: 'acct-7',
        membershipGroupAccountTitle: 'Maison Example',
        membershipGroupStatus: 'ActiveRenewing',
      },
      individualMembershipEligibility: {
        isEligibleForPurchase: false,
        isEligibleForTrialPurchase: false,
        isEligibleForUpgrade: false,
      },
      organisationAccounts: [{ accountId: 'acct-7', title: 'Maison Example' }],
      individualAccount: {
        accountId: 'billing-account-7',
        accountManagementUrl: 'https://billing.example/account',
      },
    });
  });

  it('asks an anonymous request to sign in before reading any record', async () => {
    const { body } = await withRecords.post(
      '{ viewer { __typename ... on Viewer { organisationAccounts { accountId } } } }',
    );
    expect(body.data?.viewer).toEqual({ __typename: 'AuthError' });
  });
});
