import { COMPANY_OWNERSHIP } from './lists/company-ownership';
import { COMPANY_SIZES } from './lists/company-sizes';
import { COMPANY_TYPES } from './lists/company-types';
import { COUNTRIES } from './lists/countries';
import { JOB_FUNCTIONS } from './lists/job-functions';
import { JOB_INDUSTRIES } from './lists/job-industries';
import { JOB_LEVELS } from './lists/job-levels';
import { JOB_TITLES } from './lists/job-titles';
import { PERSON_PROFILE_CATEGORIES } from './lists/person-profile-categories';
import type { ReferenceEntry } from './lists/reference-item';

/**
 * The reference lists of spec §3, by the name of the query that pages them. This code is their one
 * source: the seed writes it to the database, and input validation checks keys against it, so the two
 * always agree.
 */
export const REFERENCE_LISTS = {
  countries: COUNTRIES,
  companySizes: COMPANY_SIZES,
  companyTypes: COMPANY_TYPES,
  companyOwnership: COMPANY_OWNERSHIP,
  jobFunctions: JOB_FUNCTIONS,
  jobIndustries: JOB_INDUSTRIES,
  jobLevels: JOB_LEVELS,
  jobTitles: JOB_TITLES,
  personProfileCategories: PERSON_PROFILE_CATEGORIES,
} as const satisfies Record<string, readonly ReferenceEntry[]>;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;

export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as ReferenceListName[];

/** The keys of one list, as a non-empty tuple (what `z.enum` needs). */
export function referenceKeys(list: ReferenceListName): [string, ...string[]] {
  const [first, ...rest] = REFERENCE_LISTS[list].map((entry) => entry.key);
  if (first === undefined) throw new Error(`The reference list ${list} is empty.`);
  return [first, ...rest];
}
