import type { MembershipLevel, MembershipType } from '@bof/config/enums';
import type { DecodedClaims } from './session-cookies';

/** The reader as the browser knows them, derived from the session token (spec §3). */
export interface CurrentUser {
  isLoggedIn: boolean;
  isMember: boolean;
  isStudent: boolean;
  isBofAdmin: boolean;
  id: string | null;
  email: string | null;
  initials: string;
  membershipType: MembershipType;
  membershipLevel: MembershipLevel;
  isFirstLogin: boolean;
  zephrToken: string | null;
  unclaimedMembershipAccountId: string | null;
  isChallenged: boolean;
  isUserDataComplete: boolean;
}

/** Spec §3: the logged-out default, with all four boolean flags false. */
export const LOGGED_OUT_USER: CurrentUser = Object.freeze({
  isLoggedIn: false,
  isMember: false,
  isStudent: false,
  isBofAdmin: false,
  id: null,
  email: null,
  initials: '',
  membershipType: 'None',
  membershipLevel: 'None',
  isFirstLogin: false,
  zephrToken: null,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: false,
});

/** Derives the current user from decoded claims and the paywall cookie (the spec's zephrToken). */
export function currentUserFromClaims(
  claims: DecodedClaims | null,
  paywallToken: string | undefined,
): CurrentUser {
  if (!claims) return LOGGED_OUT_USER;
  return {
    isLoggedIn: true,
    isMember: claims.membership_level !== 'None',
    isStudent: claims.membership_type === 'Student',
    isBofAdmin: claims.is_bof_admin,
    id: claims.user_id,
    email: claims.email,
    // Spec §3: initials are empty.
    initials: '',
    membershipType: claims.membership_type,
    membershipLevel: claims.membership_level,
    isFirstLogin: claims.is_first_login,
    zephrToken: paywallToken ?? null,
    unclaimedMembershipAccountId: claims.unclaimed_membership_account_id,
    isChallenged: claims.is_challenged,
    isUserDataComplete: claims.is_user_data_complete,
  };
}
