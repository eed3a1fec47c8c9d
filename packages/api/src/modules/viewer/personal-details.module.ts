import type { Platform } from '../../platform/platform';
import { REFERENCE_LISTS } from '../reference/reference-lists';
import type { ReferenceEntry } from '../reference/lists/reference-item';
import { isUserDataComplete } from './user-data-completeness';
import { createUserDataRepo, type UserDataRecord } from './user-data.repo';

/** The choices the personal-details form offers, straight from the reference lists' one source. */
export interface PersonalDetailsOptions {
  countries: readonly ReferenceEntry[];
  jobFunctions: readonly ReferenceEntry[];
  jobIndustries: readonly ReferenceEntry[];
  jobLevels: readonly ReferenceEntry[];
}

export function personalDetailsOptions(): PersonalDetailsOptions {
  return {
    countries: REFERENCE_LISTS.countries,
    jobFunctions: REFERENCE_LISTS.jobFunctions,
    jobIndustries: REFERENCE_LISTS.jobIndustries,
    jobLevels: REFERENCE_LISTS.jobLevels,
  };
}

/** A reader's saved details and whether they are complete, for server-rendered account pages. */
export async function personalDetailsOf(
  platform: Platform,
  userId: string,
): Promise<{ details: UserDataRecord | null; complete: boolean }> {
  const details = await createUserDataRepo(platform.db).findUserData(userId);
  return { details, complete: isUserDataComplete(details) };
}
