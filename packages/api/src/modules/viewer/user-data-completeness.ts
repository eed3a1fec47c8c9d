import type { UserDataRecord, UserDataRepo } from './user-data.repo';

/**
 * Whether a reader has given every detail one-more-step asks for: first and last name, country, job
 * function, industry, level and organisation. This is the token's `is_user_data_complete`.
 */
export function isUserDataComplete(record: UserDataRecord | null): boolean {
  if (!record) return false;
  return [
    record.firstName,
    record.lastName,
    record.country,
    record.jobFunction,
    record.jobIndustry,
    record.jobLevel,
    record.organisationTitle,
  ].every((value) => typeof value === 'string' && value.length > 0);
}

/**
 * The check the session module's refresh needs (`isUserDataComplete` in its deps), over the database:
 * e.g. `userDataCompletenessCheck(createUserDataRepo(platform.db))`.
 */
export function userDataCompletenessCheck(
  repo: Pick<UserDataRepo, 'findUserData'>,
): (userId: string) => Promise<boolean> {
  return async (userId) => isUserDataComplete(await repo.findUserData(userId));
}
