import type { OrganisationRoleRequirement, OrganisationRoles } from './organisation-roles';
import type { Viewer } from './viewer';

/** The scopes of spec §6, as the schema's fields ask for them. */
export interface AuthScopes {
  loggedIn: boolean;
  member: boolean;
  student: boolean;
  admin: boolean;
  organisationRole: OrganisationRoleRequirement;
}

/**
 * Decides each scope for one request. Anonymous requests pass none. Pothos scopes are only the first
 * gate: services still decide what the viewer may do with a given record.
 */
export function authScopesFor(viewer: Viewer | null, organisationRoles: OrganisationRoles) {
  return {
    loggedIn: viewer !== null,
    member: viewer !== null && viewer.membershipLevel !== 'None',
    student: viewer !== null && viewer.membershipType === 'Student',
    admin: viewer?.isBofAdmin === true,
    organisationRole: async (requirement: OrganisationRoleRequirement) => {
      if (!viewer) return false;
      const role = await organisationRoles.roleOf({
        accountId: requirement.accountId,
        userId: viewer.userId,
      });
      return role !== null && requirement.roles.includes(role);
    },
  };
}
