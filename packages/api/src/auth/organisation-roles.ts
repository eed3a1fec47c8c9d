import type { OrganisationAccountRole } from '@bof/config/enums';

/**
 * The port the `organisationRole` scope asks: the viewer's role in one organisation account, or null
 * when they hold none. The organisations module provides the real one.
 */
export interface OrganisationRoles {
  roleOf(input: { accountId: string; userId: string }): Promise<OrganisationAccountRole | null>;
}

/** What the `organisationRole` scope is given: the account, and the roles that may pass. */
export interface OrganisationRoleRequirement {
  accountId: string;
  roles: readonly OrganisationAccountRole[];
}

/**
 * Until organisation accounts exist, nobody holds a role in one: every `organisationRole` check fails.
 * Replaced by the organisations module's port when it lands.
 */
export const noOrganisationRoles: OrganisationRoles = {
  roleOf: async () => null,
};
