import type { AuthFailure } from '@pothos/plugin-scope-auth';
import { AuthError } from '../errors/auth-error';
import { UnauthorizedError } from '../errors/unauthorized-error';
import type { OrganisationRoleRequirement } from './organisation-roles';
import type { Viewer } from './viewer';

function organisationRequirementIn(failure: AuthFailure): OrganisationRoleRequirement | null {
  if (failure.kind === 'AuthScope' && failure.scope === 'organisationRole') {
    return failure.parameter as OrganisationRoleRequirement;
  }
  if (failure.kind === 'AnyAuthScopes' || failure.kind === 'AllAuthScopes') {
    for (const inner of failure.failures) {
      const found = organisationRequirementIn(inner);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The error a refused scope check becomes: an anonymous request is told to sign in (AuthError, which
 * makes the client refresh its token); a signed-in one is told it lacks the role (UnauthorizedError,
 * naming the organisation account when the check concerned one).
 */
export function unauthorizedErrorFor(viewer: Viewer | null, failure: AuthFailure): Error {
  if (!viewer) return new AuthError();
  const organisation = organisationRequirementIn(failure);
  return new UnauthorizedError(viewer.userId, organisation?.accountId ?? null);
}
