import type { Viewer } from '../../auth/viewer';
import type { PersonalDetailsChange } from './personal-details.inputs';
import type { UserDataChanges, UserDataRecord, UserDataRepo } from './user-data.repo';
import { requireViewer } from './viewer.service';

/**
 * Saves the viewer's personal details (validated by personalDetailsSchema) and returns them as stored.
 * Only fields present in the change are written.
 * @throws AuthError without a viewer.
 */
export async function updatePersonalDetails(
  deps: { repo: Pick<UserDataRepo, 'saveUserData'>; now: () => Date },
  viewer: Viewer | null,
  change: PersonalDetailsChange,
): Promise<UserDataRecord> {
  const { userId } = requireViewer(viewer);
  const changes: UserDataChanges = {};
  if (change.firstName !== undefined) changes.firstName = change.firstName;
  if (change.lastName !== undefined) changes.lastName = change.lastName;
  if (change.country !== undefined) changes.country = change.country;
  if (change.jobFunction !== undefined) changes.jobFunction = change.jobFunction;
  if (change.jobIndustry !== undefined) changes.jobIndustry = change.jobIndustry;
  if (change.jobLevel !== undefined) changes.jobLevel = change.jobLevel;
  if (change.organisationTitle !== undefined) changes.organisationTitle = change.organisationTitle;
  return deps.repo.saveUserData(userId, changes, deps.now());
}
