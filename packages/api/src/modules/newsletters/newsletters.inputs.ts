import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from '../../inputs/email-address';

const newsletterId = z
  .string()
  .trim()
  .min(1, 'Choose a newsletter.')
  .max(64, 'That newsletter id is too long.')
  .regex(/^[a-z0-9-]+$/, 'That is not a newsletter id.');

export const placementVariantSchema = z.string().trim().max(255).optional().nullable();

export const updateNewsletterSubscriptionsSchema = z.object({
  subscriptions: z
    .array(z.object({ newsletterId, status: z.enum(['subscribed', 'unsubscribed']) }))
    .min(1, 'Choose at least one newsletter.')
    .max(50, 'Too many newsletters at once.')
    .refine(
      (items) => new Set(items.map((item) => item.newsletterId)).size === items.length,
      'Each newsletter may appear once.',
    ),
  placementVariant: placementVariantSchema,
});
export type UpdateNewsletterSubscriptionsInput = z.infer<typeof updateNewsletterSubscriptionsSchema>;

export const updateNewsletterSchema = z.object({
  newsletterId,
  title: z.string().trim().min(1).max(120).optional().nullable(),
  description: z.string().trim().min(1).max(500).optional().nullable(),
  author: z.string().trim().min(1).max(120).optional().nullable(),
  badges: z.array(z.string().trim().min(1).max(40)).max(5).optional().nullable(),
  isVisibleOnOMS: z.boolean().optional().nullable(),
  isPreselectedOnOMS: z.boolean().optional().nullable(),
});
export type UpdateNewsletterInput = z.infer<typeof updateNewsletterSchema>;

/** Spec §5's address pattern; stored and compared in lower case. */
const emailAddress = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.string().regex(EMAIL_ADDRESS_PATTERN, 'Enter an e-mail address such as name@example.com.'))
  .transform((value) => value.toLowerCase());

export const subscribeEmailSchema = z.object({
  email: emailAddress,
  newsletterIds: z
    .array(newsletterId)
    .min(1, 'Choose at least one newsletter.')
    .max(20, 'Too many newsletters at once.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each newsletter may appear once.'),
  placementVariant: placementVariantSchema,
});
export type SubscribeEmailInput = z.infer<typeof subscribeEmailSchema>;

export const confirmSignUpSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'The confirmation link has no token.')
    .max(2048, 'This confirmation link is not valid.'),
});
