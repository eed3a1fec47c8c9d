import type { SeatAllocationErrorType } from '../enums/spec-enums';
import { DomainError } from './domain-error';

/** Seats of an organisation account could not be given out (spec §8 SeatAllocationError). */
export class SeatAllocationError extends DomainError {
  constructor(
    readonly errorType: SeatAllocationErrorType,
    message = errorType === 'NO_SEATS_REMAINING'
      ? 'The account has no seats remaining.'
      : 'The seat request is not valid.',
  ) {
    super('seat_allocation_failed', message);
  }
}
