import { DomainError } from './domain-error';

/**
 * A signed-in reader asked for something their role does not allow (spec §6, §8 UnauthorizedError).
 * `accountId` names the organisation account when the refusal concerns one.
 */
export class UnauthorizedError extends DomainError {
  constructor(
    readonly requesterUserId: string,
    readonly accountId: string | null = null,
    message = 'You are not allowed to do this.',
  ) {
    super('not_authorised', message);
  }
}
