import { z } from 'zod';
import type { BillingProvider } from '@bof/billing/billing-provider';
import type { BillingRepo } from './billing.repo';

/** Recurly's JSON notification: thin, ids only; the state is read back from the provider. */
export const notificationSchema = z.object({
  id: z.string().min(1).max(128),
  object_type: z.string().min(1).max(64),
  event_type: z.string().min(1).max(64),
  uuid: z.string().min(1).max(128).optional(),
  account_code: z.string().min(1).max(128).optional(),
});

export type WebhookResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified notification: a repeat of one already applied changes nothing; otherwise the
 * subscription it names is read from the provider and the product's copy brought in line. Reading the
 * current state (not the event) makes late and out-of-order deliveries harmless.
 */
export async function applyWebhook(
  deps: {
    repo: Pick<BillingRepo, 'claimWebhookEvent' | 'syncSubscription' | 'findSubscription'>;
    provider: Pick<BillingProvider, 'getSubscription'>;
  },
  notification: z.infer<typeof notificationSchema>,
): Promise<WebhookResult> {
  const seenBefore = !(await deps.repo.claimWebhookEvent(
    notification.id,
    notification.event_type,
    notification.uuid ?? null,
  ));
  if (seenBefore) return 'duplicate';
  if (!notification.uuid) return 'ignored';
  const subscription = await deps.provider.getSubscription(notification.uuid);
  if (!subscription) return 'ignored';
  // The account code is the reader's user id (the product creates accounts that way).
  const known = await deps.repo.findSubscription(subscription.uuid);
  await deps.repo.syncSubscription(known?.userId ?? subscription.accountCode, subscription);
  return 'applied';
}
