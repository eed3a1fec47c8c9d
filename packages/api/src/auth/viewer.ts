import type { MembershipLevel, MembershipType } from '@bof/config/enums';

/**
 * Who is asking: the verified claims of the product session token `bof_session` (spec §3), in the
 * product's words. A request without a valid token has no viewer (null), never a partial one.
 */
export interface Viewer {
  userId: string;
  email: string;
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  isBofAdmin: boolean;
  isFirstLogin: boolean;
  unclaimedMembershipAccountId: string | null;
  isChallenged: boolean;
  isUserDataComplete: boolean;
}

/**
 * The port that turns an incoming request into its viewer. It must never throw for a bad, expired or
 * forged token: those are anonymous requests (null).
 */
export type ViewerResolver = (request: Request) => Promise<Viewer | null>;

/** The claims of `bof_session`, as spec §3 names them. */
export interface ViewerClaims {
  user_id: string;
  email: string;
  membership_level: MembershipLevel;
  membership_type: MembershipType;
  is_bof_admin: boolean;
  is_first_login: boolean;
  unclaimed_membership_account_id: string | null;
  is_challenged: boolean;
  is_user_data_complete: boolean;
}

/** Maps verified token claims to the viewer. */
export function viewerFromClaims(claims: ViewerClaims): Viewer {
  return {
    userId: claims.user_id,
    email: claims.email,
    membershipLevel: claims.membership_level,
    membershipType: claims.membership_type,
    isBofAdmin: claims.is_bof_admin,
    isFirstLogin: claims.is_first_login,
    unclaimedMembershipAccountId: claims.unclaimed_membership_account_id,
    isChallenged: claims.is_challenged,
    isUserDataComplete: claims.is_user_data_complete,
  };
}

/** A resolver for surfaces that have no session: every request is anonymous. */
export const anonymousViewerResolver: ViewerResolver = async () => null;
