import type { MembershipRecords } from '../../auth/membership-records';
import type { Viewer } from '../../auth/viewer';
import { AuthError } from '../../errors/auth-error';
import { decideIndividualMembershipEligibility } from './membership-eligibility';
import type { UserDataRepo } from './user-data.repo';
import { userProfileOf } from './user-profile';

export interface ViewerServiceDeps {
  repo: Pick<UserDataRepo, 'findUserData' | 'findAcademicData' | 'isQuiltBetaTester'>;
  memberships: MembershipRecords;
}

/**
 * The signed-in viewer, or AuthError. Every viewer use case starts here, so the rule holds for
 * server components calling the service directly as much as for GraphQL.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AuthError();
  return viewer;
}

/** Reads what the viewer query shows about the signed-in reader. */
export function createViewerService(deps: ViewerServiceDeps) {
  return {
    userData: (viewer: Viewer) => deps.repo.findUserData(viewer.userId),
    userAcademicData: (viewer: Viewer) => deps.repo.findAcademicData(viewer.userId),
    isQuiltBetaTester: (viewer: Viewer) => deps.repo.isQuiltBetaTester(viewer.userId),
    organisationAccounts: (viewer: Viewer) => deps.memberships.organisationAccounts(viewer.userId),
    individualAccount: (viewer: Viewer) => deps.memberships.individualAccount(viewer.userId),

    async userProfile(viewer: Viewer) {
      const [planCode, group] = await Promise.all([
        deps.memberships.currentPlanCode(viewer.userId),
        deps.memberships.groupMembership(viewer.userId),
      ]);
      return userProfileOf(viewer, { planCode, group });
    },

    async individualMembershipEligibility(viewer: Viewer) {
      // Billing's rule, the one its purchase and upgrade apply, where billing provides it.
      const fromBilling = await deps.memberships.individualMembershipEligibility?.(viewer.userId);
      if (fromBilling) return fromBilling;
      return decideIndividualMembershipEligibility({
        membershipLevel: viewer.membershipLevel,
        membershipType: viewer.membershipType,
        hasHadIndividualSubscription: await deps.memberships.hasHadIndividualSubscription(viewer.userId),
      });
    },
  };
}

export type ViewerService = ReturnType<typeof createViewerService>;
