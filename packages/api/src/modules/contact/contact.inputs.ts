import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';

/** The desks a contact page writes to (spec §2 /contact/…). */
export const CONTACT_KINDS = ['professional', 'student', 'insights', 'media'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

const noControl = (value: string) => !/[\p{Cc}]/u.test(value.replace(/[\n\r\t]/g, ''));

/**
 * An enquiry as a contact page submits it. Checked as one object, so every field error is reported at
 * once; text is trimmed, and control characters (but line breaks in the message) are refused.
 */
export const enquirySchema = z.object({
  kind: z.enum(CONTACT_KINDS, { error: 'Choose what your enquiry is about.' }),
  name: z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(120, 'Your name can be at most 120 characters.')
    .refine((v) => noControl(v) && !/[\n\r<>]/.test(v), 'Your name cannot contain < > or line breaks.'),
  email: z
    .string({ error: 'Enter your e-mail address.' })
    .trim()
    .max(254, 'Your e-mail address can be at most 254 characters.')
    .regex(EMAIL_ADDRESS_PATTERN, 'Enter an e-mail address like name@example.com.'),
  organisation: z
    .string()
    .trim()
    .max(160, 'Your organisation can be at most 160 characters.')
    .refine((v) => noControl(v) && !/[\n\r]/.test(v), 'Your organisation cannot contain line breaks.')
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  message: z
    .string({ error: 'Write your message.' })
    .trim()
    .min(10, 'Write a message of at least 10 characters.')
    .max(5000, 'Your message can be at most 5,000 characters.')
    .refine(noControl, 'Your message cannot contain control characters.'),
});

export type Enquiry = z.output<typeof enquirySchema>;
