import { z } from 'zod';

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
