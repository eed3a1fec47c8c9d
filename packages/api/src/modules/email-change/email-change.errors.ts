import { DomainError } from '../../errors/domain-error';

/**
 * The identity session is older than the privileged-session window (Kratos `session_refresh_required`):
 * the reader signs in again at `redirectBrowserTo` (the login flow with `refresh=true`), then comes back.
 */
export class SessionRefreshRequiredError extends DomainError {
  constructor(readonly redirectBrowserTo: string) {
    super(
      'session_refresh_required',
      'You signed in too long ago to change your e-mail address. Sign in again to change your e-mail address.',
    );
  }
}

/** Too many codes asked for within the window; `retryAfterSeconds` says when the next one can go. */
export class EmailChangeRateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'email_change_rate_limited',
      `You have asked for too many codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/** The product cannot reach an identity admin API (none configured): e-mail changes are off. */
export class EmailChangeUnavailableError extends DomainError {
  constructor() {
    super('email_change_unavailable', 'Changing your e-mail address is not available just now.');
  }
}
