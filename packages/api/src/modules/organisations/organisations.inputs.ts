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

/** A domain name: letters, digits and hyphens in dot-separated labels, ending in a top-level domain of 2 to 10 letters (spec §5). */
const HOSTNAME_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,10}$/;

export const domainSchema = z
  .string({ error: 'Enter the e-mail domain, like example.com.' })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, '').replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the e-mail domain, like example.com.')
      .max(253, 'A domain can be at most 253 characters.')
      .regex(HOSTNAME_PATTERN, 'Enter a domain like example.com (no https://, no @, no path).'),
  );

export const domainIdSchema = z
  .string({ error: 'Give the domain id.' })
  .trim()
  .min(1, 'Give the domain id.')
  .max(64, 'A domain id is at most 64 characters.');

/** The verification address: a full address at the domain, or just its local part. */
const verificationAddressSchema = z
  .string({ error: 'Enter the address at that domain to send the confirmation to.' })
  .trim()
  .min(1, 'Enter the address at that domain to send the confirmation to.')
  .max(254, 'An e-mail address can be at most 254 characters.')
  .transform((v) => v.toLowerCase());

/** `email` becomes a full address at `domain`; an address at another domain is refused. */
function addressAt(
  input: { domain: string; email: string },
  ctx: z.RefinementCtx,
  path: string,
): string | typeof z.NEVER {
  const email = input.email.includes('@') ? input.email : `${input.email}@${input.domain}`;
  if (!EMAIL_ADDRESS_PATTERN.test(email)) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: 'Enter an address like name@example.com, or just the part before @.',
    });
    return z.NEVER;
  }
  if (email.slice(email.lastIndexOf('@') + 1) !== input.domain) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: `The confirmation must go to an address at ${input.domain}.`,
    });
    return z.NEVER;
  }
  return email;
}

export const claimDomainInputSchema = z
  .object({ accountId: accountIdSchema, domain: domainSchema, email: verificationAddressSchema })
  .transform((input, ctx) => ({ ...input, email: addressAt(input, ctx, 'email') }));

export const domainInputSchema = z.object({ accountId: accountIdSchema, domainId: domainIdSchema });

export const resendDomainVerificationInputSchema = z.object({
  accountId: accountIdSchema,
  domainId: domainIdSchema,
  /** Another address at the domain (full, or the part before @); the last one used otherwise. */
  email: verificationAddressSchema.optional(),
});

export const confirmDomainInputSchema = z.object({
  token: z
    .string({ error: 'This link is not complete: open it from the e-mail again.' })
    .trim()
    .min(1, 'This link is not complete: open it from the e-mail again.')
    .max(2048, 'This link is not complete: open it from the e-mail again.'),
});

export type ClaimDomainInput = z.infer<typeof claimDomainInputSchema>;
