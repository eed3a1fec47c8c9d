import { fieldValidationErrorFrom } from '../../errors/from-validation-issues';
import type { Mailer } from '../email-change/email-change-mail';
import { acknowledgementMessage, deskMessage } from './contact-mail';
import { EnquiryRateLimitedError } from './contact.errors';
import { enquirySchema } from './contact.inputs';
import type { ContactRepo, StoredEnquiry } from './contact.repo';

/** Enquiries one e-mail address may send in a rolling day. */
export const ENQUIRIES_PER_DAY = 5;
/** Enquiries one sending address (IP) may send in a rolling day, whatever e-mail addresses it gives. */
export const ENQUIRIES_PER_SENDER_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ContactDeps {
  repo: Pick<ContactRepo, 'insertWithinLimits'>;
  mailer: Mailer;
  /** Where the desks read enquiries (CONTACT_INBOX). */
  deskAddress: string;
  siteName: string;
  now: () => Date;
  newId: () => string;
  log?: Pick<Console, 'error'>;
}

/**
 * Sends an enquiry from a contact page: validates every field at once, refuses one over the day's limits
 * (per e-mail address, and per sending address, so changing the e-mail address does not lift them),
 * stores it (so it is never lost), then e-mails the desk and an acknowledgement to the sender. The
 * acknowledgement repeats nothing the sender typed, so the form cannot carry anyone's text to a third
 * party's inbox. A courier failure after the enquiry is stored is logged, not shown: the desk has it.
 * @throws FieldValidationError with every field error; EnquiryRateLimitedError.
 */
export async function sendEnquiry(
  deps: ContactDeps,
  input: unknown,
  sender: { userId: string | null; ip: string | null },
): Promise<StoredEnquiry> {
  const parsed = enquirySchema.safeParse(input);
  if (!parsed.success) throw fieldValidationErrorFrom(parsed.error.issues);
  const now = deps.now();
  const enquiry: StoredEnquiry = {
    ...parsed.data,
    id: deps.newId(),
    userId: sender.userId,
    senderIp: sender.ip,
    createdAt: now,
  };
  const stored = await deps.repo.insertWithinLimits(enquiry, {
    since: new Date(now.getTime() - DAY_MS),
    perEmail: ENQUIRIES_PER_DAY,
    perSender: ENQUIRIES_PER_SENDER_PER_DAY,
  });
  if (stored === 'limited') throw new EnquiryRateLimitedError();
  const results = await Promise.allSettled([
    deps.mailer.send(deskMessage(deps.deskAddress, enquiry)),
    deps.mailer.send(acknowledgementMessage(deps.siteName, enquiry)),
  ]);
  for (const result of results)
    if (result.status === 'rejected')
      (deps.log ?? console).error(`Enquiry ${enquiry.id} is stored but an e-mail failed`, result.reason);
  return enquiry;
}
