import { DomainError } from '../../errors/domain-error';

/** One or more newsletter ids are not in the catalogue; nothing was changed. */
export class NewsletterNotFoundError extends DomainError {
  constructor(readonly newsletterIds: string[]) {
    super('newsletter_not_found', `There is no newsletter ${newsletterIds.join(', ')}.`);
  }
}
