import type { Database } from '@bof/db/client';
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

/** Readers' personal details: their store, and for server-rendered account pages the saved details. */
export function createPersonalDetails(db: Database) {
  const repo = createUserDataRepo(db);
  return {
    repo,
    /** A reader's saved details and whether they are complete. */
    async of(userId: string): Promise<{ details: UserDataRecord | null; complete: boolean }> {
      const details = await repo.findUserData(userId);
      return { details, complete: isUserDataComplete(details) };
    },
  };
}

export type PersonalDetails = ReturnType<typeof createPersonalDetails>;
