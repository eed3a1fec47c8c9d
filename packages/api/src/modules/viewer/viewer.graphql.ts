import type { IndividualAccountSummary, OrganisationAccountSummary } from '../../auth/membership-records';
import type { Viewer } from '../../auth/viewer';
import { builder } from '../../builder';
import { MembershipLevelEnum, MembershipStatusEnum, MembershipTypeEnum } from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import type { IndividualMembershipEligibility } from './membership-eligibility';
import { UserDataType } from './user-data.graphql';
import type { UserAcademicDataRecord } from './user-data.repo';
import type { UserProfile } from './user-profile';
import { viewerServiceFor } from './viewer-services';
import { requireViewer } from './viewer.service';

const UserProfileType = builder.objectRef<UserProfile>('UserProfile').implement({
  description: "The viewer's membership.",
  fields: (t) => ({
    membershipLevel: t.expose('membershipLevel', { type: MembershipLevelEnum }),
    membershipType: t.expose('membershipType', { type: MembershipTypeEnum }),
    membershipPlan: t.exposeString('membershipPlan', { nullable: true, description: 'A plan code.' }),
    membershipGroupAccountId: t.exposeString('membershipGroupAccountId', { nullable: true }),
    membershipGroupAccountTitle: t.exposeString('membershipGroupAccountTitle', { nullable: true }),
    membershipGroupStatus: t.expose('membershipGroupStatus', { type: MembershipStatusEnum, nullable: true }),
  }),
});

const EligibilityType = builder
  .objectRef<IndividualMembershipEligibility>('IndividualMembershipEligibility')
  .implement({
    fields: (t) => ({
      isEligibleForPurchase: t.exposeBoolean('isEligibleForPurchase'),
      isEligibleForTrialPurchase: t.exposeBoolean('isEligibleForTrialPurchase'),
      isEligibleForUpgrade: t.exposeBoolean('isEligibleForUpgrade'),
    }),
  });

export const UserAcademicDataType = builder.objectRef<UserAcademicDataRecord>('UserAcademicData').implement({
  description: "A student's academic e-mail address. The verification code is never shown.",
  fields: (t) => ({
    userId: t.exposeString('userId'),
    email: t.exposeString('email'),
    emailVerified: t.exposeBoolean('emailVerified'),
    emailVerifiedDateTime: t.expose('emailVerifiedDateTime', { type: DateTimeScalar, nullable: true }),
    graduationYear: t.exposeInt('graduationYear', { nullable: true }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    updatedAt: t.expose('updatedAt', { type: DateTimeScalar }),
  }),
});

/** Organisation accounts: the organisations module adds the rest of spec §3's fields. */
export const OrganisationAccountType = builder
  .objectRef<OrganisationAccountSummary>('OrganisationAccount')
  .implement({
    fields: (t) => ({
      accountId: t.exposeString('accountId'),
      title: t.exposeString('title'),
    }),
  });

/** The reader's billing account: the billing module adds the rest of spec §3's fields. */
export const IndividualAccountType = builder
  .objectRef<IndividualAccountSummary>('IndividualAccount')
  .implement({
    fields: (t) => ({
      accountId: t.exposeString('accountId'),
      accountManagementUrl: t.exposeString('accountManagementUrl', { nullable: true }),
    }),
  });

const ViewerType = builder.objectRef<Viewer>('Viewer').implement({
  description: 'The signed-in reader.',
  fields: (t) => ({
    userData: t.field({
      type: UserDataType,
      nullable: true,
      description: 'Null until the reader has given any personal details.',
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).userData(viewer),
    }),
    userProfile: t.field({
      type: UserProfileType,
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).userProfile(viewer),
    }),
    individualMembershipEligibility: t.field({
      type: EligibilityType,
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).individualMembershipEligibility(viewer),
    }),
    isQuiltBetaTester: t.boolean({
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).isQuiltBetaTester(viewer),
    }),
    userAcademicData: t.field({
      type: UserAcademicDataType,
      nullable: true,
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).userAcademicData(viewer),
    }),
    organisationAccounts: t.field({
      type: [OrganisationAccountType],
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).organisationAccounts(viewer),
    }),
    individualAccount: t.field({
      type: IndividualAccountType,
      nullable: true,
      resolve: (viewer, _args, ctx) => viewerServiceFor(ctx).individualAccount(viewer),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerType,
    description: 'The signed-in reader; AuthError when the request has no valid session.',
    authScopes: { loggedIn: true },
    errors: { types: [AuthError], directResult: true },
    resolve: (_root, _args, ctx) => requireViewer(ctx.viewer),
  }),
);
