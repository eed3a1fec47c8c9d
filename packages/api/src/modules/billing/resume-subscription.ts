import type { BillingProvider } from '@bof/billing/billing-provider';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { membershipFrom } from './membership';

export interface ResumeDeps {
  repo: Pick<BillingRepo, 'subscriptionsOf' | 'syncSubscription'>;
  provider: Pick<BillingProvider, 'reactivate'>;
  now: () => Date;
}

/**
 * The reader's individual subscription that was cancelled and can still be resumed: its paid period has
 * not ended (membership status ActiveCanceled). Null otherwise.
 */
export async function resumableSubscription(
  deps: Pick<ResumeDeps, 'repo' | 'now'>,
  userId: string,
): Promise<SubscriptionRecord | null> {
  const subs = await deps.repo.subscriptionsOf(userId);
  const membership = membershipFrom(subs, deps.now());
  if (membership.status !== 'ActiveCanceled') return null;
  if (membership.type !== 'Individual' && membership.type !== 'Student') return null;
  return subs.find((s) => s.uuid === membership.subscriptionUuid) ?? null;
}

/**
 * Takes the reader's cancellation back before the paid period ends: the provider reactivates the
 * subscription, which renews again at the end of the period (status ActiveRenewing). Nothing is charged
 * now. Resuming twice is harmless. `subscriptionUuid` is the subscription the reader was shown.
 * @throws SubscriptionPurchaseError PURCHASE_ERROR when there is no cancelled membership to resume,
 * TRANSACTION_ERROR when the provider cannot be reached or refuses (the membership stays cancelled).
 */
export async function resumeSubscription(
  deps: ResumeDeps,
  userId: string,
  subscriptionUuid: string,
): Promise<SubscriptionRecord> {
  const sub = await resumableSubscription(deps, userId);
  // The page named the subscription it showed: another one (the reader's own, changed since, or anyone
  // else's) is not resumed.
  if (!sub || sub.uuid !== subscriptionUuid)
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'You have no cancelled membership to resume.');
  let resumed;
  try {
    resumed = await deps.provider.reactivate(sub.uuid);
  } catch (error) {
    console.error('Billing provider reactivation failed', error);
    throw new SubscriptionPurchaseError(
      'TRANSACTION_ERROR',
      'We could not reach our payment provider, and your membership is still cancelled. Please try again in a few minutes.',
    );
  }
  return deps.repo.syncSubscription(userId, resumed);
}
