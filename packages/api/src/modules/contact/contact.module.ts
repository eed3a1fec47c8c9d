import { randomUUID } from 'node:crypto';
import { isDomainError } from '../../errors/domain-error';
import type { FieldError, FieldValidationError } from '../../errors/field-validation-error';
import type { Platform } from '../../platform/platform';
import type { Mailer } from '../email-change/email-change-mail';
import { createContactRepo } from './contact.repo';
import { sendEnquiry, type ContactDeps } from './contact.service';

export { CONTACT_KINDS, type ContactKind } from './contact.inputs';
export { ENQUIRIES_PER_DAY, ENQUIRIES_PER_SENDER_PER_DAY } from './contact.service';

/** How sending an enquiry ended, for a form to show. */
export type EnquiryOutcome =
  | { kind: 'sent'; reference: string; email: string }
  | { kind: 'invalid'; fieldErrors: readonly FieldError[] }
  | { kind: 'refused'; code: string; message: string };

export type ContactService = ReturnType<typeof createContactService>;

/** The contact desks: enquiries are stored, then e-mailed to the desks through the courier. */
export function createContactService(platform: Pick<Platform, 'db' | 'env'>, courier: Mailer) {
  const deps: ContactDeps = {
    repo: createContactRepo(platform.db),
    mailer: courier,
    deskAddress: platform.env.contactInbox,
    siteName: platform.env.siteName,
    now: () => new Date(),
    newId: randomUUID,
  };
  return {
    /** Sends an enquiry (see sendEnquiry); expected failures come back as outcomes, never thrown. */
    async sendEnquiry(
      input: unknown,
      sender: { userId: string | null; ip: string | null },
    ): Promise<EnquiryOutcome> {
      try {
        const enquiry = await sendEnquiry(deps, input, sender);
        return { kind: 'sent', reference: enquiry.id, email: enquiry.email };
      } catch (error) {
        if (!isDomainError(error)) throw error;
        if (error.code === 'invalid_input')
          return { kind: 'invalid', fieldErrors: (error as FieldValidationError).fieldErrors };
        return { kind: 'refused', code: error.code, message: error.message };
      }
    },
  };
}
