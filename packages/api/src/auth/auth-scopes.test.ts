import { describe, expect, it } from 'vitest';
import { authScopesFor } from './auth-scopes';
import type { OrganisationRoles } from './organisation-roles';
import type { Viewer } from './viewer';

const base: Viewer = {
  userId: 'u1',
  email: 'u1@example.org',
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin: false,
  isFirstLogin: false,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: true,
};

const roles: OrganisationRoles = {
  roleOf: async ({ accountId, userId }) => (accountId === 'acct-1' && userId === 'u1' ? 'ADMIN' : null),
};

describe('authScopesFor', () => {
  it.each([
    ['anonymous', null, { loggedIn: false, member: false, student: false, admin: false }],
    ['a reader without membership', base, { loggedIn: true, member: false, student: false, admin: false }],
    [
      'a member',
      { ...base, membershipLevel: 'Standard', membershipType: 'Individual' },
      { loggedIn: true, member: true, student: false, admin: false },
    ],
    [
      'a student',
      { ...base, membershipLevel: 'Standard', membershipType: 'Student' },
      { loggedIn: true, member: true, student: true, admin: false },
    ],
    [
      'an admin',
      { ...base, isBofAdmin: true },
      { loggedIn: true, member: false, student: false, admin: true },
    ],
  ] as const)('%s', (_name, viewer, expected) => {
    const { organisationRole: _ignored, ...flags } = authScopesFor(viewer as Viewer | null, roles);
    expect(flags).toEqual(expected);
  });

  it('passes organisationRole only with one of the required roles in that account', async () => {
    const scopes = authScopesFor(base, roles);
    expect(await scopes.organisationRole({ accountId: 'acct-1', roles: ['OWNER', 'ADMIN'] })).toBe(true);
    expect(await scopes.organisationRole({ accountId: 'acct-1', roles: ['OWNER'] })).toBe(false);
    expect(await scopes.organisationRole({ accountId: 'acct-2', roles: ['ADMIN'] })).toBe(false);
    expect(await authScopesFor(null, roles).organisationRole({ accountId: 'acct-1', roles: ['ADMIN'] })).toBe(
      false,
    );
  });
});
