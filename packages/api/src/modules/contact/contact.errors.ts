import { DomainError } from '../../errors/domain-error';

/** Too many enquiries from one e-mail address, or one sending address, within a day; nothing was stored. */
export class EnquiryRateLimitedError extends DomainError {
  constructor() {
    super(
      'enquiry_rate_limited',
      'You have sent several enquiries today. We will answer those first; please write again tomorrow.',
    );
  }
}
