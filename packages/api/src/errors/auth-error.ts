import { DomainError } from './domain-error';

/** The operation needs a signed-in reader and the request has no valid session (spec §8 AuthError). */
export class AuthError extends DomainError {
  constructor(message = 'You need to sign in to do this.') {
    super('auth_required', message);
  }
}
