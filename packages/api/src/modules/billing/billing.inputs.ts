import { z } from 'zod';
import { CURRENCIES } from '@bof/config/constants';
import { CANCELLATION_COUPON, CANCELLATION_REASONS } from './cancel-subscription';

const planCode = z.string().regex(/^[a-z0-9_]{3,64}$/, 'Not a plan code.');
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Use 16 to 128 letters, digits, - or _.');

export const purchaseInputSchema = z.object({
  planCode,
  currency: z.enum(CURRENCIES, { message: 'Choose EUR, GBP, INR or USD.' }),
  billingToken: z.string().min(1).max(128),
  idempotencyKey,
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
  threeDSecureActionResultToken: z.string().min(1).max(128).nullish(),
  withTrial: z.boolean().nullish(),
});

export const upgradePreviewInputSchema = z.object({ planCode });
export const upgradeInputSchema = z.object({
  planCode,
  currency: z.enum(CURRENCIES, { message: 'Choose EUR, GBP, INR or USD.' }),
  idempotencyKey,
  expectedDueToday: z.number().int().min(0, 'An amount in minor units, zero or more.'),
});

export const cancelInputSchema = z
  .object({
    reason: z.enum(CANCELLATION_REASONS),
    reasonOther: z.string().trim().max(1000).nullish(),
  })
  .refine((v) => v.reason !== 'other' || (v.reasonOther ?? '').length > 0, {
    message: 'Tell us a little more.',
    path: ['reasonOther'],
  });

export const billingInfoInputSchema = z.object({ billingToken: z.string().min(1).max(128) });

/** The save offer the reader accepts: the one offered now, so a stale page cannot accept another. */
/** The cancelled subscription the reader resumes, as the membership page showed it. */
export const resumeInputSchema = z.object({
  subscriptionUuid: z.string().trim().min(1, { error: 'Say which membership to resume.' }).max(64),
});

export const redeemDiscountInputSchema = z.object({
  couponCode: z
    .string()
    .trim()
    .pipe(
      z.literal(CANCELLATION_COUPON.code, {
        error: 'This offer is no longer available. Reload the page to see the current one.',
      }),
    ),
});
