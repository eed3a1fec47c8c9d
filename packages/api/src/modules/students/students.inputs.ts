import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';
import { CURRENCIES } from '@bof/config/constants';

const MAX_EMAIL_LENGTH = 254;

const academicEmail = z
  .string({ error: 'Enter your academic e-mail address.' })
  .trim()
  .min(1, 'Enter your academic e-mail address.')
  .max(MAX_EMAIL_LENGTH, `An e-mail address can be at most ${MAX_EMAIL_LENGTH} characters.`)
  .regex(EMAIL_ADDRESS_PATTERN, 'Enter an e-mail address like name@university.ac.uk.')
  .refine((value) => value.slice(0, value.lastIndexOf('@')).length <= 64, {
    message: 'The part before the @ can be at most 64 characters.',
  })
  .transform((value) => value.toLowerCase());

/** The query's address: is it academic? */
export const checkAcademicEmailSchema = z.object({ email: academicEmail });

/**
 * The address to verify and the reader's graduation year. The year's range (not past, at most 8 years
 * ahead) depends on today, so the service checks it; here only its shape.
 */
export const validateAcademicEmailSchema = z.object({
  email: academicEmail,
  graduationYear: z
    .number({ error: 'Enter the year you graduate.' })
    .int('Enter the year you graduate, like 2028.')
    .min(1900, 'Enter the year you graduate, like 2028.')
    .max(2999, 'Enter the year you graduate, like 2028.'),
});

export const confirmAcademicEmailSchema = z.object({
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

export const purchaseStudentInputSchema = z.object({
  planCode: z.string().regex(/^[a-z0-9_]{3,64}$/, 'Not a plan code.'),
  currency: z.enum(CURRENCIES, { message: 'Choose EUR, GBP, INR or USD.' }),
  billingToken: z.string().min(1).max(128),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Use 16 to 128 letters, digits, - or _.'),
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
  threeDSecureActionResultToken: z.string().min(1).max(128).nullish(),
});

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z0-9-]+\.)+[a-z]{2,10}$/, 'Enter a domain like ox.ac.uk.')
  .max(253);

export const academicDomainRuleSchema = z.object({
  domain,
  rule: z.enum(['ALLOW', 'DENY', 'NONE'], { message: 'Choose ALLOW, DENY or NONE.' }),
  institution: z.string().trim().max(200).nullish(),
});

export type ValidateAcademicEmailInput = z.output<typeof validateAcademicEmailSchema>;
export type ConfirmAcademicEmailInput = z.output<typeof confirmAcademicEmailSchema>;
