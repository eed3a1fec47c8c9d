import type { OrganisationAccountRole } from '@bof/config/enums';
import type { Viewer } from '../../auth/viewer';
import { hasErrorCode } from '../../errors/domain-error';
import { ProfileNotFoundError } from './profiles.errors';
import type { OrganisationRow, PersonRow, ProfilesRepo } from './profiles.repo';

/** The organisations module's role check (throws UnauthorizedError when the role is not held). */
export type RequireOrganisationRole = (
  accountId: string,
  userId: string,
  roles: readonly OrganisationAccountRole[],
) => Promise<unknown>;

export const PROFILE_EDITORS: readonly OrganisationAccountRole[] = ['OWNER', 'ADMIN'];

/** Who may edit a person profile: its owner, and admins. */
export function mayEditPerson(viewer: Viewer, row: Pick<PersonRow, 'ownerUserId'>): boolean {
  return viewer.isBofAdmin || (row.ownerUserId !== null && row.ownerUserId === viewer.userId);
}

/**
 * The person profile when the viewer may edit it; ProfileNotFoundError otherwise, the same answer as
 * for an id that does not exist, so asking about someone else's draft learns nothing.
 */
export async function editablePerson(repo: Pick<ProfilesRepo, 'person'>, viewer: Viewer, id: string) {
  const row = await repo.person(id);
  if (!row || !mayEditPerson(viewer, row)) throw new ProfileNotFoundError();
  return row;
}

/**
 * The organisation profile when the viewer may edit it: admins, and the OWNERs and ADMINs of its
 * organisation account. Anyone else gets ProfileNotFoundError, as for an unknown id.
 */
export async function editableOrganisation(
  deps: { repo: Pick<ProfilesRepo, 'organisation'>; requireOrganisationRole: RequireOrganisationRole },
  viewer: Viewer,
  id: string,
): Promise<OrganisationRow> {
  const row = await deps.repo.organisation(id);
  if (!row) throw new ProfileNotFoundError();
  if (viewer.isBofAdmin) return row;
  if (!row.accountId) throw new ProfileNotFoundError();
  try {
    await deps.requireOrganisationRole(row.accountId, viewer.userId, PROFILE_EDITORS);
  } catch (error) {
    if (hasErrorCode(error, 'not_authorised')) throw new ProfileNotFoundError();
    throw error;
  }
  return row;
}
