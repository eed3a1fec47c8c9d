import { DomainError } from '../../errors/domain-error';

/** The upload is not a photo the site accepts (type checked by content, size, pixels). */
export class MediaRejectedError extends DomainError {
  constructor(message: string) {
    super('media_rejected', message);
  }
}
