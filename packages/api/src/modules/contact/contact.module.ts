import { randomUUID } from 'node:crypto';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError, type FieldError } from '../../errors/field-validation-error';
import { courierOf } from '../../platform/courier';
import type { Platform } from '../../platform/platform';
import { createContactRepo } from './contact.repo';
import { sendEnquiry, type ContactDeps } from './contact.service';

export { CONTACT_KINDS, type ContactKind } from './contact.inputs';
export { ENQUIRIES_PER_DAY, ENQUIRIES_PER_SENDER_PER_DAY } from './contact.service';

/** How sending an enquiry ended, for a form to show. */
export type EnquiryOutcome =
  | { kind: 'sent'; reference: string; email: string }
  | { kind: 'invalid'; fieldErrors: readonly FieldError[] }
  | { kind: 'refused'; code: string; message: string };

/** The contact desks on a running platform. Without a courier the enquiry is stored and not e-mailed. */
export function contactServiceFor(platform: Platform) {
  const deps: ContactDeps = {
    repo: createContactRepo(platform.db),
    mailer: courierOf(platform) ?? {
      send: async () => console.warn('No courier installed: an enquiry was stored without e-mail.'),
    },
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
        if (error instanceof FieldValidationError) return { kind: 'invalid', fieldErrors: error.fieldErrors };
        if (error instanceof DomainError)
          return { kind: 'refused', code: error.code, message: error.message };
        throw error;
      }
    },
  };
}
