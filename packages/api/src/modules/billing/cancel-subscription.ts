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
  repo: Pick<
    BillingRepo,
    'subscriptionsOf' | 'syncSubscription' | 'recordCancellation' | 'claimDiscount' | 'releaseDiscount'
  >;
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

/** The save offer, once accepted on `subscription`; null before. */
export function acceptedCancellationCoupon(
  subscription: Pick<SubscriptionRecord, 'couponCodes'>,
): typeof CANCELLATION_COUPON | null {
  return subscription.couponCodes.includes(CANCELLATION_COUPON.code) ? CANCELLATION_COUPON : null;
}

/** The save offer, while the reader has not used it on this subscription. */
export async function cancellationDiscount(deps: Pick<CancelDeps, 'repo' | 'now'>, userId: string) {
  const sub = await cancellableSubscription(deps, userId);
  if (!sub || sub.discountRedeemedAt) return null;
  return CANCELLATION_COUPON;
}

const PROVIDER_DOWN =
  'We could not reach our payment provider, and nothing has changed. Please try again in a few minutes.';

/**
 * Accepts the save offer (spec: action accepted_discount). Once per subscription: the offer is marked
 * used before the provider is asked, so two clicks redeem it once, and the mark is taken back if the
 * provider does not apply the coupon, so the reader can accept it again.
 */
export async function redeemCancellationDiscount(
  deps: CancelDeps,
  userId: string,
): Promise<SubscriptionRecord> {
  const sub = await cancellableSubscription(deps, userId);
  if (!sub)
    throw new SubscriptionPurchaseError('PURCHASE_ERROR', 'You have no membership to apply the offer to.');
  const at = deps.now();
  if (!(await deps.repo.claimDiscount(sub.uuid, at))) {
    throw new SubscriptionPurchaseError(
      'PURCHASE_ERROR',
      'This offer has already been used on your membership.',
    );
  }
  let updated;
  try {
    updated = await deps.provider.redeemCoupon({
      uuid: sub.uuid,
      couponCode: CANCELLATION_COUPON.code,
      discountPercent: CANCELLATION_COUPON.discountPercent,
    });
  } catch (error) {
    await deps.repo.releaseDiscount(sub.uuid, at);
    console.error('Billing provider coupon redemption failed', error);
    throw new SubscriptionPurchaseError('TRANSACTION_ERROR', PROVIDER_DOWN);
  }
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
  let cancelled;
  try {
    cancelled = await deps.provider.cancel(sub.uuid);
  } catch (error) {
    console.error('Billing provider cancellation failed', error);
    throw new SubscriptionPurchaseError('TRANSACTION_ERROR', PROVIDER_DOWN);
  }
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
