import type { BillingProvider } from '@bof/billing/billing-provider';
import { SubscriptionPurchaseError } from '../../errors/subscription-errors';
import type { BillingRepo, SubscriptionRecord } from './billing.repo';
import { membershipFrom } from './membership';

/** The one save offer of the cancellation journey (spec §3 cancellationCoupon). */
export const CANCELLATION_COUPON = {
  code: 'stay-with-us-30',
  discountType: 'percent',
  discountPercent: 30,
} as const;

/** Why readers leave; `other` comes with free text. */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'not_reading_enough',
  'found_alternative',
  'temporary_break',
  'content',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export interface CancelDeps {
  repo: Pick<BillingRepo, 'subscriptionsOf' | 'syncSubscription' | 'recordCancellation' | 'claimDiscount'>;
  provider: Pick<BillingProvider, 'cancel' | 'redeemCoupon'>;
  now: () => Date;
}

/** The reader's individual subscription that can still be cancelled (active, renewing or in trial). */
export async function cancellableSubscription(
  deps: Pick<CancelDeps, 'repo' | 'now'>,
  userId: string,
): Promise<SubscriptionRecord | null> {
  const subs = await deps.repo.subscriptionsOf(userId);
  const membership = membershipFrom(subs, deps.now());
  if (membership.status !== 'ActiveRenewing' && membership.status !== 'ActiveTrial') return null;
  if (membership.type !== 'Individual' && membership.type !== 'Student') return null;
  return subs.find((s) => s.uuid === membership.subscriptionUuid) ?? null;
}

/** The save offer, while the reader has not used it on this subscription. */
export async function cancellationDiscount(deps: Pick<CancelDeps, 'repo' | 'now'>, userId: string) {
  const sub = await cancellableSubscription(deps, userId);
  if (!sub || sub.discountRedeemedAt) return null;
  return CANCELLATION_COUPON;
}

/** Accepts the save offer (spec: action accepted_discount). Once per subscription. */
export async function redeemCancellationDiscount(
  deps: CancelDeps,
  userId: string,
): Promise<SubscriptionRecord> {
  const sub = await cancellableSubscription(deps, userId);
  if (!sub)
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'You have no membership to apply the offer to.');
  if (!(await deps.repo.claimDiscount(sub.uuid, deps.now()))) {
    throw new SubscriptionPurchaseError(
      'PURCHASE_ERROR',
      'This offer has already been used on your membership.',
    );
  }
  const updated = await deps.provider.redeemCoupon({
    uuid: sub.uuid,
    couponCode: CANCELLATION_COUPON.code,
    discountPercent: CANCELLATION_COUPON.discountPercent,
  });
  return deps.repo.syncSubscription(userId, updated);
}

/**
 * Cancels at the end of the paid period (spec: action cancelled): status ActiveCanceled, access until
 * then. Records the reason, and the free text when the reason is `other`.
 */
export async function cancelSubscription(
  deps: CancelDeps,
  input: { userId: string; reason: CancellationReason; reasonOther: string | null },
): Promise<SubscriptionRecord> {
  const sub = await cancellableSubscription(deps, input.userId);
  if (!sub) throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'You have no membership to cancel.');
  const cancelled = await deps.provider.cancel(sub.uuid);
  const record = await deps.repo.syncSubscription(input.userId, cancelled);
  await deps.repo.recordCancellation(
    sub.uuid,
    input.reason,
    input.reason === 'other' ? input.reasonOther : null,
  );
  return {
    ...record,
    cancellationReason: input.reason,
    cancellationReasonOther: input.reason === 'other' ? input.reasonOther : null,
  };
}
