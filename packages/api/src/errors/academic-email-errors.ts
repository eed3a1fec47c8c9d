import { DomainError } from './domain-error';

/** The academic e-mail address could not be confirmed: wrong, used or expired code. */
export class AcademicEmailConfirmationError extends DomainError {
  constructor(message = 'The academic e-mail address could not be confirmed.') {
    super('academic_email_confirmation_failed', message);
  }
}

/** The address is not one of an academic institution the student membership accepts. */
export class InvalidAcademicEmailError extends DomainError {
  constructor(message = 'This is not an academic e-mail address we can accept.') {
    super('invalid_academic_email', message);
  }
}
