import { z } from 'zod';
import { MEMBERSHIP_LEVELS, ORGANISATION_ACCOUNT_ROLES } from '@bof/config/enums';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';

/** At most this many addresses in one add (a CSV import of up to 1,000 rows is one request). */
export const MAX_USERS_PER_ADD = 1000;
/** A page of organisationAccountUsers holds at most this many. */
export const MAX_USERS_PAGE = 100;

export const accountIdSchema = z
  .string({ error: 'Give the organisation account id.' })
  .trim()
  .min(1, 'Give the organisation account id.')
  .max(64, 'An organisation account id is at most 64 characters.')
  .regex(/^[A-Za-z0-9-]+$/, 'This is not an organisation account id.');

export const emailSchema = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .max(254, 'An e-mail address can be at most 254 characters.')
  .regex(EMAIL_ADDRESS_PATTERN, 'Enter an e-mail address like name@example.com.')
  .transform((v) => v.toLowerCase());

export const addUsersInputSchema = z
  .object({
    accountId: accountIdSchema,
    emails: z
      .array(emailSchema, { error: 'Give the e-mail addresses to add.' })
      .min(1, 'Give at least one e-mail address.')
      .max(MAX_USERS_PER_ADD, `Add at most ${MAX_USERS_PER_ADD} people at once.`),
    role: z.enum(ORGANISATION_ACCOUNT_ROLES).default('USER'),
  })
  .superRefine((input, ctx) => {
    const seen = new Map<string, number>();
    input.emails.forEach((email, index) => {
      const first = seen.get(email);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['emails', index],
          message: `${email} is already in this request (row ${first + 1}).`,
        });
      } else seen.set(email, index);
    });
  });

export const removeUserInputSchema = z.object({
  accountId: accountIdSchema,
  accountUserId: z.string().trim().min(1).max(64),
});

export const changeRoleInputSchema = z.object({
  accountId: accountIdSchema,
  accountUserId: z.string().trim().min(1).max(64),
  role: z.enum(ORGANISATION_ACCOUNT_ROLES),
});

export const usersFilterSchema = z.object({
  accountId: accountIdSchema,
  search: z
    .string()
    .trim()
    .max(254, 'A search can be at most 254 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  role: z.enum(ORGANISATION_ACCOUNT_ROLES).optional(),
  first: z.number().int().min(1).max(MAX_USERS_PAGE).default(25),
  after: z.string().max(512).optional(),
});

export type AddUsersInput = z.infer<typeof addUsersInputSchema>;
export type UsersFilter = z.infer<typeof usersFilterSchema>;

/** At most this many seats in one account. */
export const MAX_SEATS = 10_000;

export const grantPartnerInputSchema = z.object({
  title: z
    .string({ error: 'Enter the organisation name.' })
    .trim()
    .min(1, 'Enter the organisation name.')
    .max(160, 'The organisation name can be at most 160 characters.')
    .refine((v) => !/[\p{Cc}<>]/u.test(v), 'The organisation name cannot contain < > or control characters.'),
  ownerEmail: emailSchema,
  membershipLevel: z.enum(MEMBERSHIP_LEVELS).refine((v) => v !== 'None', 'Choose a membership level.'),
  seats: z
    .number()
    .int('Seats are a whole number.')
    .min(1, 'Give at least one seat.')
    .max(MAX_SEATS, `At most ${MAX_SEATS} seats.`),
  // Parsed once by the schema's validation and again by the service: a Date is taken as it is.
  endsAt: z
    .preprocess(
      (v) => (v instanceof Date ? v.toISOString() : v),
      z.iso.datetime({ offset: true, error: 'Give the end date and time, like 2027-12-31T23:59:59Z.' }),
    )
    .transform((v) => new Date(v)),
});
