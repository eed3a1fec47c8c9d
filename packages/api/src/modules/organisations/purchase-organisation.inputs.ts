import { z } from 'zod';
import { CURRENCIES } from '@bof/config/constants';
import { accountIdSchema } from './organisations.inputs';
import { vatNumberSchema } from './vat';

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} can be at most ${max} characters.`)
    .refine((v) => !/[\p{Cc}<>]/u.test(v), `The ${label} cannot contain < > or control characters.`);

/** Where the organisation is billed; its country is the card's billing country and decides the tax. */
export const billingAddressSchema = z.object({
  line1: text('street address', 200),
  line2: z
    .string()
    .trim()
    .max(200, 'The second address line can be at most 200 characters.')
    .refine(
      (v) => !/[\p{Cc}<>]/u.test(v),
      'The second address line cannot contain < > or control characters.',
    )
    .nullish()
    .transform((v) => (v ? v : null)),
  city: text('town or city', 100),
  postalCode: text('postcode', 20),
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
});

/**
 * purchaseOrganisationSubscription's input, parsed at the edge. The seat count is checked against the
 * plan's tiers by the use case (SeatAllocationError INVALID_SEAT_REQUEST), which knows the plan.
 */
export const purchaseOrganisationInputSchema = z.object({
  planCode: z.string().regex(/^[a-z0-9_]{3,64}$/, 'Not a plan code.'),
  currency: z.enum(CURRENCIES, { message: 'Choose EUR, GBP, INR or USD.' }),
  seats: z.number().int('Seats are a whole number.'),
  companyName: text('company name', 160),
  billingAddress: billingAddressSchema,
  vatNumber: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(vatNumberSchema.nullable()),
  billingToken: z.string().min(1).max(128),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Use 16 to 128 letters, digits, - or _.'),
  threeDSecureActionResultToken: z.string().min(1).max(128).nullish(),
});

export type PurchaseOrganisationInput = z.infer<typeof purchaseOrganisationInputSchema>;
export type BillingAddress = z.infer<typeof billingAddressSchema>;

const seatsToAdd = z
  .number()
  .int('Seats are a whole number.')
  .max(10_000, 'Choose between 1 and 100 seats in all; for a larger team, talk to us.');

/**
 * previewOrganisationSeatPurchase's input. Counts of 0 or fewer, and totals beyond the plan's bands,
 * are SeatAllocationError INVALID_SEAT_REQUEST from the use case (it knows the account and plan).
 */
export const seatPurchasePreviewSchema = z.object({
  accountId: accountIdSchema,
  seats: seatsToAdd,
});

/** purchaseOrganisationSeats's input: the preview's `dueToday` the owner confirmed, and the attempt's key. */
export const purchaseSeatsInputSchema = seatPurchasePreviewSchema.extend({
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Use 16 to 128 letters, digits, - or _.'),
  expectedDueToday: z.number().int().min(0, 'An amount in minor units, zero or more.'),
});
