import { describe, expect, it } from 'vitest';
import { LOGGED_OUT_USER, currentUserFromClaims } from './current-user';
import type { DecodedClaims } from './session-cookies';

const claims: DecodedClaims = {
  user_id: 'u-1',
  email: 'ada@example.org',
  membership_level: 'None',
  membership_type: 'None',
  is_bof_admin: false,
  is_first_login: false,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: false,
  exp: 1_800_000_000,
};

describe('current user (spec §3)', () => {
  it('is the logged-out default without claims, with the four flags false', () => {
    expect(currentUserFromClaims(null, 'paywall')).toBe(LOGGED_OUT_USER);
    expect(LOGGED_OUT_USER).toMatchObject({
      isLoggedIn: false,
      isMember: false,
      isStudent: false,
      isBofAdmin: false,
      zephrToken: null,
      initials: '',
    });
    expect(Object.isFrozen(LOGGED_OUT_USER)).toBe(true);
  });

  it('maps every claim', () => {
    expect(
      currentUserFromClaims(
        {
          ...claims,
          membership_level: 'Premium',
          membership_type: 'Group',
          is_bof_admin: true,
          is_first_login: true,
          unclaimed_membership_account_id: 'acct-9',
          is_challenged: true,
          is_user_data_complete: true,
        },
        'pw-token',
      ),
    ).toEqual({
      isLoggedIn: true,
      isMember: true,
      isStudent: false,
      isBofAdmin: true,
      id: 'u-1',
      email: 'ada@example.org',
      initials: '',
      membershipType: 'Group',
      membershipLevel: 'Premium',
      isFirstLogin: true,
      zephrToken: 'pw-token',
      unclaimedMembershipAccountId: 'acct-9',
      isChallenged: true,
      isUserDataComplete: true,
    });
  });

  it.each([
    ['isBofAdmin', 'is_bof_admin'],
    ['isFirstLogin', 'is_first_login'],
    ['isChallenged', 'is_challenged'],
    ['isUserDataComplete', 'is_user_data_complete'],
  ] as const)('%s follows %s both ways', (field, claim) => {
    expect(currentUserFromClaims({ ...claims, [claim]: true }, undefined)[field]).toBe(true);
    expect(currentUserFromClaims({ ...claims, [claim]: false }, undefined)[field]).toBe(false);
  });

  it('is a member at any level but None, and a student only with the Student type', () => {
    expect(currentUserFromClaims(claims, undefined).isMember).toBe(false);
    for (const level of ['Standard', 'TopicBeauty', 'Restricted'] as const)
      expect(currentUserFromClaims({ ...claims, membership_level: level }, undefined).isMember).toBe(true);
    expect(currentUserFromClaims({ ...claims, membership_type: 'Student' }, undefined).isStudent).toBe(true);
    expect(currentUserFromClaims({ ...claims, membership_type: 'Individual' }, undefined).isStudent).toBe(
      false,
    );
  });

  it('carries the unclaimed membership account, or null', () => {
    expect(currentUserFromClaims(claims, undefined).unclaimedMembershipAccountId).toBe(null);
    expect(
      currentUserFromClaims({ ...claims, unclaimed_membership_account_id: 'a-1' }, undefined)
        .unclaimedMembershipAccountId,
    ).toBe('a-1');
  });

  it('takes zephrToken from the paywall cookie, null without it', () => {
    expect(currentUserFromClaims(claims, 'pw').zephrToken).toBe('pw');
    expect(currentUserFromClaims(claims, undefined).zephrToken).toBe(null);
  });
});
