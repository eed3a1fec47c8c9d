import type { MembershipLevel, MembershipStatus, MembershipType } from '@bof/config/enums';
import type { Viewer } from '../../auth/viewer';

/** The viewer's membership as the profile shows it (spec §3 UserProfile). */
export interface UserProfile {
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  membershipPlan: string | null;
  membershipGroupAccountId: string | null;
  membershipGroupAccountTitle: string | null;
  membershipGroupStatus: MembershipStatus | null;
}

/**
 * The profile from the session claims, plus what the ports know of the plan and the group account
 * (null while the reader holds neither).
 */
export function userProfileOf(
  viewer: Viewer,
  membership: {
    planCode: string | null;
    group: { accountId: string; title: string; status: MembershipStatus } | null;
  },
): UserProfile {
  return {
    membershipLevel: viewer.membershipLevel,
    membershipType: viewer.membershipType,
    membershipPlan: membership.planCode,
    membershipGroupAccountId: membership.group?.accountId ?? null,
    membershipGroupAccountTitle: membership.group?.title ?? null,
    membershipGroupStatus: membership.group?.status ?? null,
  };
}
