import { DomainError } from '../../errors/domain-error';

/** The thing to follow does not exist (or cannot be followed yet); nothing was stored. */
export class FollowTargetNotFoundError extends DomainError {
  constructor(
    readonly followsType: string,
    readonly followsKey: string,
  ) {
    super('follow_target_not_found', 'There is nothing to follow with that key.');
  }
}
