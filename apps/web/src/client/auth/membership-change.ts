import { MEMBERSHIP_CHANGE_RETRY } from '@bof/config/constants';
import type { CurrentUser } from './current-user';

export class MembershipChangeTimeoutError extends Error {
  readonly code = 'membership_change_timeout';
  constructor(readonly field: keyof CurrentUser) {
    super(`The account did not reflect the membership change (${String(field)}) in time.`);
  }
}

/**
 * After a purchase, upgrade or cancellation (spec §4): force-refresh the token until `field` differs
 * from its value before the change, or reaches one of `expected`. Five attempts, the first after
 * 1000 ms and each wait doubling. Throws MembershipChangeTimeoutError when the change never shows.
 */
export async function waitForMembershipChange<K extends keyof CurrentUser>(options: {
  field: K;
  before: CurrentUser[K];
  expected?: readonly CurrentUser[K][];
  forceRefresh: () => Promise<CurrentUser>;
  sleep?: (ms: number) => Promise<void>;
  attempts?: number;
  baseDelayMs?: number;
}): Promise<CurrentUser> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? MEMBERSHIP_CHANGE_RETRY.attempts;
  let delay = options.baseDelayMs ?? MEMBERSHIP_CHANGE_RETRY.baseDelayMs;
  for (let attempt = 0; attempt < attempts; attempt++) {
    await sleep(delay);
    delay *= MEMBERSHIP_CHANGE_RETRY.factor;
    const user = await options.forceRefresh();
    const value = user[options.field];
    const done = options.expected ? options.expected.includes(value) : value !== options.before;
    if (done) return user;
  }
  throw new MembershipChangeTimeoutError(options.field);
}
