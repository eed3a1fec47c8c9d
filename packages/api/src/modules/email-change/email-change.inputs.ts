import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';

/** RFC 5321's limit on an address (spec §5's e-mail pattern: local part, @, domain, a 2–10 letter TLD). */
export const MAX_EMAIL_LENGTH = 254;
/** RFC 5321's limit on the part before the @. */
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

/**
 * The new address of `requestEmailChange`, trimmed and lower-cased as the identity server keeps it.
 * Checked as one object so every field error comes back at once.
 */
export const requestEmailChangeSchema = z.object({
  newEmail: z
    .string({ error: 'Enter your new e-mail address.' })
    .trim()
    .min(1, 'Enter your new e-mail address.')
    .max(MAX_EMAIL_LENGTH, `An e-mail address can be at most ${MAX_EMAIL_LENGTH} characters.`)
    .regex(EMAIL_ADDRESS_PATTERN, 'Enter an e-mail address like name@example.com.')
    .refine(
      (value) => value.slice(0, value.lastIndexOf('@')).length <= MAX_EMAIL_LOCAL_PART_LENGTH,
      `The part before the @ can be at most ${MAX_EMAIL_LOCAL_PART_LENGTH} characters.`,
    )
    .transform((value) => value.toLowerCase()),
});

/** The six-digit code sent to the new address; spaces a reader types between digits are ignored. */
export const confirmEmailChangeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from the e-mail.' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter the code from the e-mail.')
        .regex(/^\d{6}$/, 'The code is the 6 digits in the e-mail.'),
    ),
});

export type EmailChangeRequestInput = z.output<typeof requestEmailChangeSchema>;
export type EmailChangeConfirmInput = z.output<typeof confirmEmailChangeSchema>;
