import { DomainError } from '../../errors/domain-error';

/** One or more newsletter ids are not in the catalogue; nothing was changed. */
export class NewsletterNotFoundError extends DomainError {
  constructor(readonly newsletterIds: string[]) {
    super('newsletter_not_found', `There is no newsletter ${newsletterIds.join(', ')}.`);
  }
}

export type ConfirmationProblem = 'invalid' | 'expired' | 'superseded';

const CONFIRMATION_MESSAGES: Record<ConfirmationProblem, string> = {
  invalid: 'This confirmation link is not valid. Check that you used the whole link, or sign up again.',
  expired: 'This confirmation link has expired: links are valid for 48 hours. Sign up again for a new one.',
  superseded: 'A newer confirmation e-mail was sent to this address since: use the link in the latest one.',
};

/** A newsletter sign-up's confirmation link is forged, altered, too old or replaced by a newer one. */
export class NewsletterConfirmationInvalidError extends DomainError {
  constructor(readonly reason: ConfirmationProblem) {
    super('newsletter_confirmation_invalid', CONFIRMATION_MESSAGES[reason]);
  }
}

/** No identity admin API is reachable, so no account can be made for a confirmed sign-up. */
export class NewsletterSignUpUnavailableError extends DomainError {
  constructor() {
    super(
      'newsletter_sign_up_unavailable',
      'Newsletter sign-ups cannot be confirmed just now. Please try again later.',
    );
  }
}

/**
 * Too many confirmation e-mails from this client address, or from everyone, in the past hour; nothing
 * was sent.
 */
export class NewsletterSignUpRateLimitedError extends DomainError {
  constructor() {
    super(
      'newsletter_sign_up_rate_limited',
      'Too many newsletter sign-ups have been asked for just now. Please try again in an hour.',
    );
  }
}

/** The daily brief edition an editor saved does not exist. */
export class DailyBriefNotFoundError extends DomainError {
  constructor() {
    super('daily_brief_not_found', 'This daily brief does not exist. Reload the page for the upcoming one.');
  }
}

/** The daily brief's send has begun: it can no longer be edited. */
export class DailyBriefAlreadySentError extends DomainError {
  constructor() {
    super('daily_brief_already_sent', 'This daily brief is already being sent: it can no longer be changed.');
  }
}
