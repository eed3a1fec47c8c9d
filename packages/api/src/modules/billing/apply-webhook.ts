import { z } from 'zod';
import type { Database } from '@bof/db/client';
import type { BillingProvider, ProviderSubscription } from '@bof/billing/billing-provider';
import { findPlan } from '@bof/billing/plans';
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
 * Writes the provider's state of an organisation's subscription onto the organisation account, inside
 * the webhook's transaction (the organisations module's; billing keeps no copy of it).
 */
export type OrganisationSubscriptionSync = (
  tx: Database,
  subscription: ProviderSubscription,
) => Promise<void>;

/**
 * Applies a verified notification. A repeat of one already applied changes nothing. Otherwise the
 * subscription it names is read from the provider first; only then are the notification recorded and
 * the state applied, in one transaction. So a failed read (the provider down) records nothing and throws,
 * the endpoint answers 5xx, and the provider's redelivery applies it. The state applied is the
 * provider's current one, compared by its `updatedAt` with what the product holds: late, repeated and
 * concurrent deliveries never write an older state over a newer one.
 */
export async function applyWebhook(
  deps: {
    repo: Pick<BillingRepo, 'hasWebhookEvent' | 'applyWebhookState' | 'findSubscription'>;
    provider: Pick<BillingProvider, 'getSubscription'>;
    /** The organisations module's writer; without it, organisation subscriptions are only recorded. */
    organisations?: OrganisationSubscriptionSync | undefined;
  },
  notification: z.infer<typeof notificationSchema>,
): Promise<WebhookResult> {
  if (await deps.repo.hasWebhookEvent(notification.id)) return 'duplicate';
  const event = {
    id: notification.id,
    eventType: notification.event_type,
    subscriptionUuid: notification.uuid ?? null,
  };
  const subscription = notification.uuid ? await deps.provider.getSubscription(notification.uuid) : null;
  if (!subscription) {
    // Nothing of ours to apply (an account or a subscription the provider no longer knows): recorded.
    const recorded = await deps.repo.applyWebhookState(event, null);
    return recorded === 'duplicate' ? 'duplicate' : 'ignored';
  }
  if (findPlan(subscription.planCode)?.channel === 'organisation') {
    // An organisation's subscription sits on the organisation account (its code is the account's id),
    // not on a reader: the organisations module keeps its record, in the same transaction as the
    // notification's, with the same rule (never an older state over a newer one).
    const apply = deps.organisations;
    if (!apply) {
      const recorded = await deps.repo.applyWebhookState(event, null);
      return recorded === 'duplicate' ? 'duplicate' : 'ignored';
    }
    return deps.repo.applyWebhookState(event, null, (tx) => apply(tx, subscription));
  }
  // The account code is the reader's user id (the product creates accounts that way).
  const known = await deps.repo.findSubscription(subscription.uuid);
  return deps.repo.applyWebhookState(event, {
    userId: known?.userId ?? subscription.accountCode,
    subscription,
  });
}
